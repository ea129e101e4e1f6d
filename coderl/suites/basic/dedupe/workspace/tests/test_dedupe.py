from dedupe import dedupe


def test_numbers():
    assert dedupe([1, 2, 1]) == [1, 2]
