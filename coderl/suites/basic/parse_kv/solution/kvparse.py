def parse_kv(text: str) -> dict[str, str]:
    """Parse "a=1; b=2" into {"a": "1", "b": "2"}."""
    result: dict[str, str] = {}
    for segment in text.split(";"):
        segment = segment.strip()
        if not segment:
            continue
        if "=" not in segment:
            raise ValueError(f"missing '=' in {segment!r}")
        key, value = segment.split("=", 1)
        key = key.strip()
        if not key:
            raise ValueError(f"empty key in {segment!r}")
        result[key] = value.strip()
    return result
