"""Window boundary rule of the 1.x limiter (kept for deployments that pin it)."""


def expired(event: float, now: float, window: float) -> bool:
    return event < now - window
