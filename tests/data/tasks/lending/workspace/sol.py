"""Implement each function as its docstring says."""


def total(values):
    """The sum of an iterable of numbers."""
    raise NotImplementedError


def stamp(ts):
    """The UTC datetime (timezone-aware) of a Unix timestamp."""
    raise NotImplementedError


def save(path, text):
    """Write text to the file at path (a str or a Path)."""
    raise NotImplementedError


def boom():
    """Raise ExceptionGroup("many", [ValueError("a"), KeyError("b")])."""
    raise NotImplementedError


def area(r):
    """The area of a circle of radius r."""
    raise NotImplementedError


def primes(n):
    """The primes below n, as a list."""
    raise NotImplementedError
