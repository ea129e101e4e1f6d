from verlib.bump import bump


def test_bump_major():
    assert bump("1.9.3", "major") == "2.0.0"
