def parse_kv(text: str) -> dict[str, str]:
    """Parse "a=1; b=2" into {"a": "1", "b": "2"}."""
    raise NotImplementedError
