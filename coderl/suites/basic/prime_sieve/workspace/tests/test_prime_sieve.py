from sieve import is_prime, primes_up_to


def test_small():
    assert primes_up_to(10) == [2, 3, 5, 7]
    assert is_prime(7) is True
