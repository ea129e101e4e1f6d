_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _below_thousand(n: int) -> list[str]:
    words: list[str] = []
    hundreds, rest = divmod(n, 100)
    if hundreds:
        words += [_SMALL[hundreds], "hundred"]
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        words.append(_TENS[tens] + (f"-{_SMALL[ones]}" if ones else ""))
    elif rest:
        words.append(_SMALL[rest])
    return words


def to_words(n: int) -> str:
    """English words for 0 <= n <= 999999."""
    if not 0 <= n <= 999_999:
        raise ValueError(f"{n} is out of range")
    if n == 0:
        return "zero"
    thousands, rest = divmod(n, 1000)
    words: list[str] = []
    if thousands:
        words += [*_below_thousand(thousands), "thousand"]
    words += _below_thousand(rest)
    return " ".join(words)
