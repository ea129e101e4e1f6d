"""wordstat: word statistics."""
