import pytest
from temperature import c_to_f, f_to_c


@pytest.mark.parametrize("c, f", [(0, 32.0), (100, 212.0), (-40, -40.0), (37, 98.6), (21.5, 70.7)])
def test_c_to_f(c, f):
    assert c_to_f(c) == f


@pytest.mark.parametrize("f, c", [(32, 0.0), (212, 100.0), (-40, -40.0), (98.6, 37.0), (0, -17.78), (50, 10.0)])
def test_f_to_c(f, c):
    assert f_to_c(f) == c
