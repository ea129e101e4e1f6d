from temperature import c_to_f


def test_boiling():
    assert c_to_f(100) == 212.0
