def is_palindrome(text: str) -> bool:
    """Whether ``text`` is a palindrome, ignoring case and non-alphanumeric characters."""
    cleaned = [c.lower() for c in text if c.isalnum()]
    return cleaned == cleaned[::-1]
