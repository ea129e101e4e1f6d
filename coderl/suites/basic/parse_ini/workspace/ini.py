def parse_ini(text: str) -> dict[str, dict[str, str]]:
    """Sections of INI text as nested dicts."""
    raise NotImplementedError
