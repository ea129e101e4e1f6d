def is_leap_year(year: int) -> bool:
    """Whether ``year`` is a leap year in the Gregorian calendar."""
    raise NotImplementedError
