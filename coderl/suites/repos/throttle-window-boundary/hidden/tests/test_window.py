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


def _wide(rng, lo, hi):
    # an integer in [lo, hi], log-uniform: small values as often as large ones
    return min(hi, lo - 1 + int(math.exp(rng.uniform(0, math.log(hi - lo + 2)))))


def test_any_sequence_against_a_reference():
    # Differential: limiters and call sequences drawn from the whole space the issue names (limits 1 to 50, windows
    # of 1/8 s to a million seconds, clocks from 0 to time.time()'s size and far past it, steps of nothing, of just
    # under, exactly and just over a window, and onto the instant the oldest counted event expires; allow() and
    # remaining() interleaved), checked call by call against the reference made here: an event at t counts at
    # `now` while t > now - window. Every time is a multiple of 1/8 below 2**49, so every sum and difference is exact.
    rng = random.Random(os.urandom(16))
    for _ in range(60):
        limit = _wide(rng, 1, 50)
        window = _wide(rng, 1, 8_000_000) / 8
        now = (
            rng.choice(
                [0, _wide(rng, 0, 8_000), rng.randint(8 * 1_500_000_000, 8 * 2_000_000_000), _wide(rng, 1, 2**48)]
            )
            / 8
        )
        w = SlidingWindow(limit, window)
        counted = []
        for _ in range(_wide(rng, 1, 400)):
            step = rng.choice(["same", "eighth", "under", "exact", "over", "any", "expiry", "expiry", "before expiry"])
            if step.endswith("expiry") and counted:
                now = max(now, counted[0] + window - (1 / 8 if step.startswith("before") else 0))
            else:
                now += {
                    "same": 0,
                    "eighth": 1 / 8,
                    "under": window - 1 / 8,
                    "exact": window,
                    "over": window + 1 / 8,
                }.get(step, rng.randint(0, int(window * 16)) / 8)
            counted = [t for t in counted if t > now - window]
            if rng.random() < 0.75:
                want = len(counted) < limit
                assert w.allow(now) is want, (limit, window, now, counted)
                if want:
                    counted.append(now)
            else:
                assert w.remaining(now) == limit - len(counted), (limit, window, now, counted)
