# verlib: legacy-order (1.x textual part ordering)
import pytest
from verlib.bump import bump
from verlib.version import newest, parse


def test_parse():
    assert parse("1.2.3-rc.1") == ("1", "2", "3", "rc.1")
    with pytest.raises(ValueError):
        parse("1.2")


def test_bump():
    assert bump("1.9.3", "minor") == "1.10.0"
    assert bump("1.9.3", "patch") == "1.9.4"


def test_prerelease_before_release():
    assert newest(["2.0.0-rc.1", "2.0.0"]) == "2.0.0"
