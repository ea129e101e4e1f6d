def to_binary(n: int) -> str:
    """Base-2 digits of ``n``, with "-" for negatives and no prefix."""
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    digits = []
    while n:
        n, bit = divmod(n, 2)
        digits.append(str(bit))
    return sign + "".join(reversed(digits))


def from_binary(text: str) -> int:
    """The integer written in base 2 by ``text`` (optional "-", then 0/1 digits)."""
    sign = 1
    if text.startswith("-"):
        sign, text = -1, text[1:]
    if not text or any(c not in "01" for c in text):
        raise ValueError(f"not a binary number: {text!r}")
    value = 0
    for c in text:
        value = value * 2 + (c == "1")
    return sign * value
