"""Word statistics over text."""

from __future__ import annotations

import re
from collections import Counter

WORD = re.compile(r"[a-z']+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def top(text: str, n: int) -> list[tuple[str, int]]:
    """The ``n`` most frequent words, most frequent first, ties in alphabetical order."""
    counts = Counter(words(text))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
