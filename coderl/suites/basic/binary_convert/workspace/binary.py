def to_binary(n: int) -> str:
    """Base-2 digits of ``n``, with "-" for negatives and no prefix."""
    raise NotImplementedError


def from_binary(text: str) -> int:
    """The integer written in base 2 by ``text`` (optional "-", then 0/1 digits)."""
    raise NotImplementedError
