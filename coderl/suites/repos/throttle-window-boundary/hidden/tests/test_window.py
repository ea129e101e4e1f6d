import math
import os
import random

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


def test_event_expires_exactly_at_window_end():
    w = SlidingWindow(1, 10.0)
    assert w.allow(0.0) is True
    assert w.allow(9.999) is False
    assert w.allow(10.0) is True


def test_remaining_at_boundary():
    w = SlidingWindow(3, 5.0)
    for t in (0.0, 1.0, 2.0):
        w.allow(t)
    assert w.remaining(5.0) == 1
    assert w.remaining(7.0) == 3


def test_boundaries_drawn_at_random():
    # a window and event times drawn for each grade (multiples of 1/8 s: exact in binary, so the boundary is exact)
    rng = random.Random(os.urandom(16))
    window = rng.randint(8, 8000) / 8
    # starts at time.time()'s size too: an epsilon added to the boundary that moves it at 0-1000 s does nothing there
    # (red-team round 35: `t < now - window + 1e-9`)
    for start in (rng.randint(0, 8000) / 8, rng.randint(8 * 1_500_000_000, 8 * 2_000_000_000) / 8):
        w = SlidingWindow(1, window)
        assert w.allow(start) is True
        assert w.allow(start + window - 1 / 8) is False
        assert w.allow(math.nextafter(start + window, -math.inf)) is False  # the last instant before the end counts
        assert w.allow(start + window) is True  # the first event no longer counts at exactly start + window
        limit = rng.randint(2, 6)
        times = sorted(start + rng.randint(0, 8 * 4) / 8 for _ in range(limit))
        w = SlidingWindow(limit, window)
        for t in times:
            w.allow(t)
        now = times[rng.randrange(limit)] + window  # exactly one window after one of them
        assert w.remaining(now) == limit - sum(1 for t in times if t > now - window)
