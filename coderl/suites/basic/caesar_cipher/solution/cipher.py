def _shift_char(c: str, shift: int) -> str:
    if "a" <= c <= "z":
        return chr((ord(c) - ord("a") + shift) % 26 + ord("a"))
    if "A" <= c <= "Z":
        return chr((ord(c) - ord("A") + shift) % 26 + ord("A"))
    return c


def encrypt(text: str, shift: int) -> str:
    """Shift each ASCII letter of ``text`` forward by ``shift``, keeping case."""
    return "".join(_shift_char(c, shift) for c in text)


def decrypt(text: str, shift: int) -> str:
    """Undo ``encrypt(text, shift)``."""
    return encrypt(text, -shift)
