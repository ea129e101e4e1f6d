import pytest
from throttle.policy import limiter_for
from throttle.window import SlidingWindow


def test_limit_reached():
    w = SlidingWindow(2, 10.0)
    assert [w.allow(0.0), w.allow(1.0), w.allow(2.0)] == [True, True, False]


def test_expires_later():
    w = SlidingWindow(1, 10.0)
    assert w.allow(0.0) is True
    assert w.allow(15.0) is True


def test_tiers():
    assert limiter_for("free").limit == 5
    with pytest.raises(ValueError):
        limiter_for("gold")
