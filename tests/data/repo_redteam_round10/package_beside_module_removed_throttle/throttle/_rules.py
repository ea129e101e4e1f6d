"""Window boundary rule: an event at t counts for times in [t, t + window)."""


def expired(event: float, now: float, window: float) -> bool:
    return event <= now - window
