"""throttle: rate limiting."""
