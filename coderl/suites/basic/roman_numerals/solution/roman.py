_VALUES = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]


def to_roman(n: int) -> str:
    """The canonical Roman numeral for 1 <= n <= 3999."""
    if not 1 <= n <= 3999:
        raise ValueError(f"{n} is out of range 1..3999")
    out = []
    for value, symbol in _VALUES:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)


def from_roman(text: str) -> int:
    """The value of a canonical Roman numeral; ValueError otherwise."""
    total = 0
    rest = text
    for value, symbol in _VALUES:
        while rest.startswith(symbol):
            total += value
            rest = rest[len(symbol) :]
    if rest or not 1 <= total <= 3999 or to_roman(total) != text:
        raise ValueError(f"not a canonical Roman numeral: {text!r}")
    return total
