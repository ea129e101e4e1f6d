from binary import from_binary, to_binary


def test_five():
    assert to_binary(5) == "101"
    assert from_binary("101") == 5
