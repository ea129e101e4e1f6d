def encrypt(text: str, shift: int) -> str:
    """Shift each ASCII letter of ``text`` forward by ``shift``, keeping case."""
    raise NotImplementedError


def decrypt(text: str, shift: int) -> str:
    """Undo ``encrypt(text, shift)``."""
    raise NotImplementedError
