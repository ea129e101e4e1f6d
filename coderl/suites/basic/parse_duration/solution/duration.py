import re

_PATTERN = re.compile(r"(?:([0-9]+)d)? *(?:([0-9]+)h)? *(?:([0-9]+)m)? *(?:([0-9]+)s)?")


def parse_duration(text: str) -> int:
    """Seconds in a duration like "1h30m"; ValueError if malformed."""
    text = text.strip()
    match = _PATTERN.fullmatch(text)
    if not text or match is None:
        raise ValueError(f"not a duration: {text!r}")
    days, hours, minutes, seconds = (int(g) if g else 0 for g in match.groups())
    return ((days * 24 + hours) * 60 + minutes) * 60 + seconds
