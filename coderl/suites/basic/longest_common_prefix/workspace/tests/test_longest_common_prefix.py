from prefix import longest_common_prefix


def test_flowers():
    assert longest_common_prefix(["flower", "flow", "flight"]) == "fl"
