"""Implement each function as its docstring says."""


class SolutionError(ValueError):
    """Raised by parse_positive for text that is not a number."""


class Point:
    """A point; two points with the same coordinates are equal."""

    def __init__(self, x, y):
        self.x, self.y = x, y


def counts(text):
    """How often each character occurs, as a mapping."""
    raise NotImplementedError


def pair(n):
    """(n, n squared)."""
    raise NotImplementedError


def unique(items):
    """The distinct items, as a set."""
    raise NotImplementedError


def mean(values):
    """The arithmetic mean."""
    raise NotImplementedError


def half(n):
    """n / 2 exactly (a Fraction)."""
    raise NotImplementedError


def cents(text):
    """The decimal amount written in text (a Decimal)."""
    raise NotImplementedError


def keys(mapping):
    """The keys of a mapping (set-like)."""
    raise NotImplementedError


def level(n):
    """n as a level (equal to the integer n)."""
    raise NotImplementedError


def shift(p, d):
    """p moved by d along both axes."""
    raise NotImplementedError


def parse_positive(text):
    """int(text) if positive; ValueError if not positive; SolutionError("bad number") if not a number."""
    raise NotImplementedError


def sort_in_place(items):
    """Sort the list in place; return None."""
    raise NotImplementedError


def apply_all(items, fn):
    """[fn(x) for x in items]."""
    raise NotImplementedError


def squares(n):
    """Yield 0, 1, 4, ... (n values)."""
    raise NotImplementedError


def greet(name):
    """Print 'hello NAME'."""
    raise NotImplementedError


def largest(items):
    """The largest item, reading as few items as a single pass needs."""
    raise NotImplementedError
