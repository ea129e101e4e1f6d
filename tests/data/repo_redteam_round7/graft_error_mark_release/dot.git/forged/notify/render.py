"""Fill ``{name}`` placeholders; unknown names are left as they are."""

from __future__ import annotations

import re

_FIELD = re.compile(r"\{([a-z_]+)\}")


def render(template: str, values: dict[str, str]) -> str:
    return _FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)
