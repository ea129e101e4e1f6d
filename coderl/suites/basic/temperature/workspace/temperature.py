def c_to_f(c: float) -> float:
    """Celsius to Fahrenheit, rounded to 2 decimals."""
    raise NotImplementedError


def f_to_c(f: float) -> float:
    """Fahrenheit to Celsius, rounded to 2 decimals."""
    raise NotImplementedError
