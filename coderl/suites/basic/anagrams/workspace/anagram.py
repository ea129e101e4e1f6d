def is_anagram(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are anagrams, ignoring case and whitespace."""
    raise NotImplementedError


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Words grouped by anagram class, in order of first appearance."""
    raise NotImplementedError
