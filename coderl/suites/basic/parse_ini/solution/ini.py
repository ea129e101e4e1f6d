def parse_ini(text: str) -> dict[str, dict[str, str]]:
    """Sections of INI text as nested dicts."""
    result: dict[str, dict[str, str]] = {}
    section = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            result.setdefault(section, {})
        elif "=" in line:
            key, value = line.split("=", 1)
            key = key.strip()
            if not key:
                raise ValueError(f"line {number}: empty key")
            result.setdefault(section, {})[key] = value.strip()
        else:
            raise ValueError(f"line {number}: cannot parse {line!r}")
    return result
