def c_to_f(c: float) -> float:
    """Celsius to Fahrenheit, rounded to 2 decimals."""
    return round(c * 9 / 5 + 32, 2)


def f_to_c(f: float) -> float:
    """Fahrenheit to Celsius, rounded to 2 decimals."""
    return round((f - 32) * 5 / 9, 2)
