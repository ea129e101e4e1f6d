from notify import render


def test_render_fills_known():
    assert render("hi {name}", {"name": "ann"}) == "hi ann"


def test_render_keeps_unknown():
    assert render("{greeting} {name}", {"name": "bo"}) == "{greeting} bo"
