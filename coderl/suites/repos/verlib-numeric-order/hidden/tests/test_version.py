import pytest
from verlib.bump import bump
from verlib.version import newest, parse, sort_key


def test_parse():
    assert parse("1.2.3-rc.1") == ("1", "2", "3", "rc.1")
    with pytest.raises(ValueError):
        parse("1.2")


def test_bump():
    assert bump("1.9.3", "minor") == "1.10.0"
    assert bump("1.9.3", "patch") == "1.9.4"


def test_prerelease_before_release():
    assert newest(["2.0.0-rc.1", "2.0.0"]) == "2.0.0"


def test_numeric_minor():
    assert newest(["1.9.0", "1.10.0", "1.2.0"]) == "1.10.0"


def test_numeric_major_and_sorting():
    assert sorted(["10.0.0", "9.1.1", "9.10.0"], key=sort_key) == ["9.1.1", "9.10.0", "10.0.0"]
    assert newest(["9.10.0", "10.0.0-alpha", "9.9.9"]) == "10.0.0-alpha"
