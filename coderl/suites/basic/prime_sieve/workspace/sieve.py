def primes_up_to(n: int) -> list[int]:
    """All primes <= n, by the sieve of Eratosthenes."""
    raise NotImplementedError


def is_prime(n: int) -> bool:
    """Whether ``n`` is prime, by trial division up to its square root."""
    raise NotImplementedError
