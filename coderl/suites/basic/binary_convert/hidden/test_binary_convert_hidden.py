import pytest
from binary import from_binary, to_binary


@pytest.mark.parametrize(
    "n, text", [(0, "0"), (1, "1"), (2, "10"), (5, "101"), (255, "11111111"), (1024, "10000000000"), (-6, "-110")]
)
def test_to_binary(n, text):
    assert to_binary(n) == text


@pytest.mark.parametrize("text, n", [("0", 0), ("101", 5), ("11111111", 255), ("-110", -6), ("0001", 1)])
def test_from_binary(text, n):
    assert from_binary(text) == n


@pytest.mark.parametrize("text", ["102", "", "abc", "-", "1 0"])
def test_from_binary_rejects(text):
    with pytest.raises(ValueError):
        from_binary(text)
