import datetime
import math


def total(values):
    return sum(values)


def stamp(ts):
    return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)


def save(path, text):
    with open(path, "w") as f:
        f.write(text)


def boom():
    raise ExceptionGroup("many", [ValueError("a"), KeyError("b")])  # noqa: F821 (Python 3.11, the sandbox's)


def area(r):
    return math.pi * r * r


def primes(n):
    return [p for p in range(2, n) if all(p % d for d in range(2, int(p**0.5) + 1))]
