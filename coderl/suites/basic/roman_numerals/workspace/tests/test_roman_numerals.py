from roman import from_roman, to_roman


def test_fourteen():
    assert to_roman(14) == "XIV"
    assert from_roman("XIV") == 14
