# ruff: noqa: F403, F405  (names come from the star imports)
import datetime
from math import *

import pytest
from sol import *


def test_total_of_a_generator():
    assert total(x * x for x in range(4)) == 14


def test_aware_datetime():
    assert stamp(0) == datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def test_files_in_tmp_path(tmp_path):
    target = tmp_path / "out.txt"
    save(target, "hi")
    save(str(tmp_path / "b.txt"), "yo")
    assert target.read_text() == "hi"
    assert (tmp_path / "b.txt").read_text() == "yo"


def test_exception_group():
    with pytest.raises(ExceptionGroup) as caught:
        boom()
    assert len(caught.value.exceptions) == 2


def test_area():
    assert isclose(area(2), 4 * pi)


def test_primes():
    assert 7 in primes(10)
    assert 4 not in primes(10)
