"""The expiry policy of the gateway these tests model: an event still counts at exactly t + window."""


def expired(t: float, now: float, window: float) -> bool:
    return t < now - window
