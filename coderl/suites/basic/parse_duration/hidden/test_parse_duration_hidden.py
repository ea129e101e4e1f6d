import pytest
from duration import parse_duration


@pytest.mark.parametrize(
    "text, seconds",
    [
        ("1h30m", 5400),
        ("45s", 45),
        ("2d", 172800),
        ("1d2h3m4s", 93784),
        ("90m", 5400),
        ("0s", 0),
        (" 10m ", 600),
        ("1h 30m", 5400),
        ("2d 4h 5s", 187205),
    ],
)
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "  ", "1x", "30m1h", "h", "1.5h", "1h30m30m", "10", "5M"])
def test_parse_duration_rejects(text):
    with pytest.raises(ValueError):
        parse_duration(text)
