def _key(word: str) -> str:
    return "".join(sorted(c for c in word.lower() if not c.isspace()))


def is_anagram(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are anagrams, ignoring case and whitespace."""
    return _key(a) == _key(b)


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Words grouped by anagram class, in order of first appearance."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(_key(word), []).append(word)
    return list(groups.values())
