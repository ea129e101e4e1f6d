def longest_common_prefix(words: list[str]) -> str:
    """The longest common prefix of all ``words`` ("" when there is none)."""
    raise NotImplementedError
