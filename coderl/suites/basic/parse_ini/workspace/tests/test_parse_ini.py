from ini import parse_ini


def test_one_section():
    assert parse_ini("[db]\nhost = x\n") == {"db": {"host": "x"}}
