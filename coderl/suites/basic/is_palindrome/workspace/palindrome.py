def is_palindrome(text: str) -> bool:
    """Whether ``text`` is a palindrome, ignoring case and non-alphanumeric characters."""
    raise NotImplementedError
