from duration import parse_duration


def test_hour_and_half():
    assert parse_duration("1h30m") == 5400
