def longest_common_prefix(words: list[str]) -> str:
    """The longest common prefix of all ``words`` ("" when there is none)."""
    if not words:
        return ""
    shortest = min(words, key=len)
    for i, ch in enumerate(shortest):
        if any(word[i] != ch for word in words):
            return shortest[:i]
    return shortest
