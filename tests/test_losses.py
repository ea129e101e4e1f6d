"""PPO losses against hand-computed values, and one step on a batch lowers its own loss."""

from __future__ import annotations

import math

import pytest
import torch

from coderl.learner import aggregate, entropy_from_logits, kl_estimate, policy_loss, value_loss

MASK = torch.tensor([[1, 1, 0], [1, 0, 0]], dtype=torch.bool)


def test_aggregation_modes_by_hand():
    v = torch.tensor([[1.0, 3.0, 100.0], [5.0, 100.0, 100.0]])
    assert aggregate(v, MASK, "token-mean").item() == pytest.approx((1 + 3 + 5) / 3)
    assert aggregate(v, MASK, "seq-mean-token-sum").item() == pytest.approx(((1 + 3) + 5) / 2)
    assert aggregate(v, MASK, "seq-mean-token-mean").item() == pytest.approx(((1 + 3) / 2 + 5) / 2)
    empty_row = torch.cat([MASK, torch.zeros(1, 3, dtype=torch.bool)])  # a row without policy tokens
    v3 = torch.cat([v, torch.full((1, 3), 7.0)])
    assert aggregate(v3, empty_row, "seq-mean-token-mean").item() == pytest.approx(((1 + 3) / 2 + 5) / 2)
    assert aggregate(v, MASK, "constant", constant=10).item() == pytest.approx(9 / 10)
    with pytest.raises(ValueError):
        aggregate(v, MASK, "sum")  # type: ignore[arg-type]


def test_policy_loss_by_hand_with_clip_higher():
    old = torch.zeros(2, 3)
    # ratios: e^0.5 = 1.6487 (above 1 + 0.28), e^-0.5 = 0.6065 (below 1 - 0.2), 1.0 (masked), e^0.1 = 1.1052
    new = torch.tensor([[0.5, -0.5, 0.0], [0.1, 0.0, 0.0]])
    adv = torch.tensor([[1.0, -2.0, 7.0], [-1.0, 0.0, 0.0]])
    loss, stats = policy_loss(new, old, adv, MASK, clip_low=0.2, clip_high=0.28)
    t1 = max(-1.0 * math.exp(0.5), -1.0 * 1.28)  # positive A, ratio clipped at 1.28
    t2 = max(2.0 * math.exp(-0.5), 2.0 * 0.8)  # negative A, ratio below 0.8: clipped at 0.8 (pessimistic)
    t3 = max(1.0 * math.exp(0.1), 1.0 * math.exp(0.1))
    assert loss.item() == pytest.approx((t1 + t2 + t3) / 3, rel=1e-6)
    assert stats["clip_fraction"] == pytest.approx(2 / 3)  # the first two tokens are clipped
    assert stats["approx_kl"] == pytest.approx((-0.5 + 0.5 - 0.1) / 3)


def test_dual_clip_caps_negative_advantage_loss():
    old = torch.zeros(1, 1)
    new = torch.tensor([[3.0]])  # ratio e^3 = 20
    adv = torch.tensor([[-1.0]])
    plain, _ = policy_loss(new, old, adv, torch.ones(1, 1, dtype=torch.bool))
    dual, _ = policy_loss(new, old, adv, torch.ones(1, 1, dtype=torch.bool), dual_clip=3.0)
    assert plain.item() == pytest.approx(math.exp(3.0))
    assert dual.item() == pytest.approx(3.0)
    with pytest.raises(ValueError):
        policy_loss(new, old, adv, torch.ones(1, 1, dtype=torch.bool), dual_clip=0.5)


def test_value_loss_by_hand_with_clipping():
    values = torch.tensor([[1.0, 0.0, 9.0], [0.5, 9.0, 9.0]])
    old = torch.tensor([[0.0, 0.0, 0.0], [0.4, 0.0, 0.0]])
    ret = torch.tensor([[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]])
    loss, stats = value_loss(values, old, ret, MASK, clip=0.2)
    # token 1: V=1, clipped V=0.2 -> max(0, 0.64) = 0.64; token 2: max(1, 1) = 1; token 3: max(0.25, 0.25)
    assert loss.item() == pytest.approx(0.5 * (0.64 + 1.0 + 0.25) / 3)
    unclipped, _ = value_loss(values, old, ret, MASK, clip=None)
    assert unclipped.item() == pytest.approx(0.5 * (0.0 + 1.0 + 0.25) / 3)
    assert "explained_variance" in stats


def test_entropy_and_kl():
    uniform = torch.zeros(4)
    assert entropy_from_logits(uniform).item() == pytest.approx(math.log(4))
    p, q = torch.tensor([-0.1, -2.0]), torch.tensor([-0.3, -1.0])
    assert torch.allclose(kl_estimate(p, q, "k1"), p - q)
    k3 = kl_estimate(p, q, "k3")
    assert torch.allclose(k3, torch.exp(q - p) - 1 - (q - p)) and (k3 >= 0).all()
    assert kl_estimate(p, p, "k3").abs().max() == 0


def test_one_step_lowers_the_loss_on_its_batch():
    torch.manual_seed(0)
    logits = torch.randn(4, 6, 10, requires_grad=True)
    actions = torch.randint(0, 10, (4, 6))
    mask = torch.rand(4, 6) > 0.3
    with torch.no_grad():
        old = torch.log_softmax(logits, -1).gather(-1, actions[..., None])[..., 0]
    adv = torch.randn(4, 6)
    opt = torch.optim.SGD([logits], lr=0.5)

    def loss_now():
        new = torch.log_softmax(logits, -1).gather(-1, actions[..., None])[..., 0]
        return policy_loss(new, old, adv, mask)[0]

    before = loss_now()
    before.backward()
    opt.step()
    assert loss_now().item() < before.item()
