from edit import edit_distance


def test_kitten():
    assert edit_distance("kitten", "sitting") == 3
