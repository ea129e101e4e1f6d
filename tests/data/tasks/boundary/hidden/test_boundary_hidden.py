# ruff: noqa: F405  (names come from the star import of the solution)
import math
import unittest
from decimal import Decimal
from fractions import Fraction

import pytest
from solution import *  # noqa: F403


class CountingList(list):
    reads = 0

    def __getitem__(self, index):
        CountingList.reads += 1
        return super().__getitem__(index)


def test_counts():
    assert counts("abca") == {"a": 2, "b": 1, "c": 1}
    unittest.TestCase().assertEqual(counts("aa"), {"a": 2})


def test_pair():
    assert pair(3) == (3, 9)


def test_unique():
    assert unique([1, 2, 2]) == {1, 2}


def test_mean():
    assert mean([1, 2, 4]) == pytest.approx(7 / 3)
    assert abs(mean([1, 2]) - 1.5) < 1e-9
    assert math.isclose(mean([1.0, 2.0]), 1.5)


def test_exact_numbers():
    assert half(3) == Fraction(3, 2)
    assert cents("1.10") == Decimal("1.10")


def test_keys():
    assert keys({"a": 1, "b": 2}) == {"a", "b"}


def test_level():
    assert level(2) == 2


def test_points():
    p = Point(1, 2)
    assert p == p
    moved = shift(p, 1)
    assert (moved.x, moved.y) == (2, 3)
    assert (p.x, p.y) == (1, 2)
    assert shift(Point(1, 2), 0).x == 1


def test_exceptions():
    assert parse_positive("7") == 7
    with pytest.raises(ValueError):
        parse_positive("-1")
    with pytest.raises(SolutionError, match="bad"):
        parse_positive("x")


def test_sort_in_place():
    items = [3, 1, 2]
    assert sort_in_place(items) is None
    assert items == [1, 2, 3]


def test_callback():
    assert apply_all([1, 2], lambda x: x * 10) == [10, 20]


def test_generator():
    assert list(squares(3)) == [0, 1, 4]


def test_print(capsys):
    greet("ann")
    assert capsys.readouterr().out == "hello ann\n"


def test_reads_through_the_tests_own_object():
    items = CountingList([5, 9, 2, 7])
    CountingList.reads = 0
    assert largest(items) == 9
    assert CountingList.reads == 4
