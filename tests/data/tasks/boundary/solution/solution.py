from decimal import Decimal
from fractions import Fraction


class SolutionError(ValueError):
    pass


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


def counts(text):
    out = {}
    for ch in text:
        out[ch] = out.get(ch, 0) + 1
    return out


def pair(n):
    return (n, n * n)


def unique(items):
    return set(items)


def mean(values):
    return sum(values) / len(values)


def half(n):
    return Fraction(n, 2)


def cents(text):
    return Decimal(text)


def keys(mapping):
    return set(mapping)


def level(n):
    return n


def shift(p, d):
    return Point(p.x + d, p.y + d)


def parse_positive(text):
    try:
        value = int(text)
    except ValueError:
        raise SolutionError("bad number") from None
    if value <= 0:
        raise ValueError("not positive")
    return value


def sort_in_place(items):
    items.sort()


def apply_all(items, fn):
    return [fn(x) for x in items]


def squares(n):
    for i in range(n):
        yield i * i


def greet(name):
    print(f"hello {name}")


def largest(items):
    best = items[0]
    for i in range(1, len(items)):
        item = items[i]
        if item > best:
            best = item
    return best
