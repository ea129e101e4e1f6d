"""Word statistics for plain text."""

from .stats import most_common, unique_words, word_count
from .tokens import tokenize

__all__ = ["most_common", "tokenize", "unique_words", "word_count"]
