"""The learner on a real tiny model: experience lines up with the trajectories, one PPO step lowers the
loss on its own batch, value pretraining lowers the value loss, GRPO advantages by hand."""

from __future__ import annotations

import asyncio

import pytest
import torch

from coderl.learner.critic import Critic
from coderl.learner.experience import collate, grpo_advantages, make_experience
from coderl.learner.losses import policy_loss
from coderl.learner.ppo import PPOConfig, PPOLearner, token_logprobs
from coderl.rollout import ChatFormat, SamplingParams, Trajectory
from coderl.rollout.hf_engine import HFEngine


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from coderl.rollout.tiny_model import build_tiny_policy

    return build_tiny_policy(tmp_path_factory.mktemp("tiny"), seed=1)


def _trajectories(engine: HFEngine, n: int = 6) -> list[Trajectory]:
    fmt = ChatFormat(engine.tokenizer)
    out = []
    for i in range(n):
        t = Trajectory(f"task{i % 2}", f"e{i}")
        prompt = fmt.prompt_ids(f"Task {i % 2}")
        t.append(prompt, policy=False)
        for turn in range(1 + i % 3):  # uneven numbers of turns
            (gen,) = asyncio.run(engine.generate([t.token_ids], SamplingParams(max_new_tokens=6 + 3 * turn, seed=i)))
            start = len(t.token_ids)
            t.append(gen.token_ids, policy=True, logprobs=gen.logprobs)
            t.turns.append((start, len(t.token_ids)))
            t.append(fmt.observation_ids(f"obs {turn}"), policy=False)
        t.reward = float(i % 3 == 0)
        out.append(t)
    return out


@pytest.fixture(scope="module")
def setup(tiny):
    torch.manual_seed(0)
    engine = HFEngine.from_pretrained(tiny)
    trajs = _trajectories(engine)
    return engine, trajs


def test_collate_shifts_everything_by_one(setup):
    engine, trajs = setup
    data = collate(trajs, engine.pad_id)
    for i, t in enumerate(trajs):
        n = len(t.token_ids)
        assert data["input_ids"][i, :n].tolist() == t.token_ids
        assert data["action_mask"][i, : n - 1].tolist() == t.policy_mask[1:]
        assert data["old_logprobs"][i, : n - 1].tolist() == pytest.approx(t.logprobs[1:])
        assert data["rewards"][i].nonzero().flatten().tolist() == ([t.reward_index - 1] if t.reward else [])
        assert t.policy_mask[t.reward_index] and not any(t.policy_mask[t.reward_index + 1 :])


def test_engine_logprobs_equal_the_learners_recomputation(setup):
    engine, trajs = setup
    data = collate(trajs, engine.pad_id)
    with torch.no_grad():
        logp, _ = token_logprobs(engine.model, data["input_ids"], data["attention_mask"])
    m = data["action_mask"]
    assert torch.allclose(logp[m], data["old_logprobs"][m], atol=2e-4)


def test_logprobs_at_the_sampling_temperature_match_the_engines(setup):
    engine, _ = setup
    fmt = ChatFormat(engine.tokenizer)
    t = Trajectory("task", "hot")
    t.append(fmt.prompt_ids("Task hot"), policy=False)
    (gen,) = asyncio.run(engine.generate([t.token_ids], SamplingParams(max_new_tokens=12, temperature=0.7, seed=3)))
    t.append(gen.token_ids, policy=True, logprobs=gen.logprobs)
    data = collate([t], engine.pad_id)
    m = data["action_mask"]
    with torch.no_grad():
        tempered, _ = token_logprobs(engine.model, data["input_ids"], data["attention_mask"], temperature=0.7)
        plain, _ = token_logprobs(engine.model, data["input_ids"], data["attention_mask"])
    assert torch.allclose(tempered[m], data["old_logprobs"][m], atol=2e-4)
    assert not torch.allclose(plain[m], data["old_logprobs"][m], atol=1e-2)  # temperature 1 would bias the ratio


def test_recomputed_old_logprobs_equal_the_engines(setup, tiny):
    engine, trajs = setup
    critic = Critic.from_pretrained(tiny)
    from_engine = make_experience(trajs, critic, pad_id=engine.pad_id)
    recomputed = make_experience(trajs, critic, pad_id=engine.pad_id, policy=engine.model)
    m = from_engine.action_mask
    assert torch.allclose(recomputed.old_logprobs[m], from_engine.old_logprobs[m], atol=2e-4)
    assert (recomputed.old_logprobs[~m] == 0).all()


def test_grpo_advantages_by_hand(setup):
    _, trajs = setup
    mask = collate(trajs, 0)["action_mask"]
    adv = grpo_advantages(trajs, mask)
    # task0 holds episodes 0, 2, 4 with rewards 1, 0, 0: mean 1/3, std sqrt(2)/3
    per_row = [float(adv[i][mask[i]].unique()[0]) for i in (0, 2, 4)]
    assert per_row == pytest.approx([2**0.5, -(2**-0.5), -(2**-0.5)], abs=1e-4)
    assert all(adv[i][mask[i]].unique().numel() == 1 for i in range(len(trajs)))  # one value per trajectory
    trajs2 = [Trajectory("a", "x", reward=r) for r in (0.0, 1.0)]
    for t in trajs2:
        t.append([1, 2], policy=False)
        t.append([3], policy=True, logprobs=[0.0])
    adv2 = grpo_advantages(trajs2, collate(trajs2, 0)["action_mask"])
    assert adv2[:, 1].tolist() == pytest.approx([-1.0, 1.0], abs=1e-5)


@pytest.mark.parametrize("estimator", ["gae", "grpo"])
def test_one_ppo_step_lowers_the_loss_on_its_batch(setup, tiny, estimator):
    engine, trajs = setup
    policy = engine.model
    original = {k: v.clone() for k, v in policy.state_dict().items()}
    critic = Critic.from_pretrained(tiny)
    batch = make_experience(trajs, critic, pad_id=engine.pad_id, estimator=estimator, lam_alpha=0.05)
    assert (batch.advantages[~batch.action_mask] == 0).all() and batch.advantages[batch.action_mask].abs().sum() > 0
    learner = PPOLearner(policy, critic, PPOConfig(policy_lr=1e-3, critic_lr=1e-3, epochs=1, minibatch_size=len(trajs)))

    def loss_now() -> float:
        with torch.no_grad():
            logp, _ = token_logprobs(policy, batch.input_ids, batch.attention_mask)
            return float(policy_loss(logp, batch.old_logprobs, batch.advantages, batch.action_mask)[0])

    before = loss_now()
    stats = learner.update(batch, generator=torch.Generator().manual_seed(0))
    after = loss_now()
    policy.load_state_dict(original)
    assert after < before
    assert {"policy_loss", "value_loss", "clip_fraction", "entropy", "explained_variance"} <= set(stats)


def test_target_kl_stops_the_policy_epochs_but_not_the_critics(setup, tiny):
    engine, trajs = setup
    policy = engine.model
    original = {k: v.clone() for k, v in policy.state_dict().items()}
    critic = Critic.from_pretrained(tiny)
    batch = make_experience(trajs, critic, pad_id=engine.pad_id)
    critic_before = {k: v.clone() for k, v in critic.state_dict().items()}
    config = PPOConfig(policy_lr=3e-2, critic_lr=1e-3, epochs=4, minibatch_size=2, target_kl=1e-3)
    try:
        stats = PPOLearner(policy, critic, config).update(batch, generator=torch.Generator().manual_seed(0))
        moved = any(not torch.equal(original[k], v) for k, v in policy.state_dict().items())
    finally:
        policy.load_state_dict(original)
    minibatches = config.epochs * -(-len(trajs) // config.minibatch_size)
    assert stats["kl_early_stop"] == 1.0 and moved
    assert 1 <= stats["policy_steps"] < minibatches  # stopped early, after at least one step
    assert any(not torch.equal(critic_before[k], v) for k, v in critic.state_dict().items())
    plain = PPOLearner(policy, Critic.from_pretrained(tiny), PPOConfig(policy_lr=1e-6, epochs=1, minibatch_size=2))
    try:
        stats = plain.update(batch, generator=torch.Generator().manual_seed(0))
    finally:
        policy.load_state_dict(original)
    assert stats["kl_early_stop"] == 0.0 and stats["policy_steps"] == -(-len(trajs) // 2)


def test_value_pretraining_lowers_value_loss(setup, tiny):
    engine, trajs = setup
    critic = Critic.from_pretrained(tiny)
    batch = make_experience(trajs, critic, pad_id=engine.pad_id)
    before = {k: v.clone() for k, v in engine.model.state_dict().items()}
    learner = PPOLearner(
        engine.model, critic, PPOConfig(critic_lr=3e-3, epochs=1, minibatch_size=len(trajs), value_clip=None)
    )
    losses = learner.pretrain_value(batch, steps=8, generator=torch.Generator().manual_seed(0))
    assert losses[-1] < losses[0]
    assert all(torch.equal(before[k], v) for k, v in engine.model.state_dict().items())  # policy untouched


def test_bad_config_is_named():
    with pytest.raises(ValueError, match="epochs"):
        PPOConfig(epochs=0)
    with pytest.raises(ValueError, match="clip_low"):
        PPOConfig(clip_low=1.5)


@pytest.mark.parametrize("path", ["head on the policy's tokens", "full logits (soft-capping models)"])
def test_action_logprobs_equal_the_full_computation_values_and_gradients(setup, tiny, path):
    """The LM head on the policy's positions only gives the logprobs, entropies and gradients of the full
    ``[B, T, V]`` computation, masked."""
    import copy

    from transformers import AutoModelForCausalLM

    from coderl.learner import action_logprobs
    from coderl.learner.losses import entropy_from_logits

    _, trajs = setup
    data = collate(trajs, pad_id=0)
    full_model = AutoModelForCausalLM.from_pretrained(tiny)
    model = copy.deepcopy(full_model)
    if path.startswith("full"):
        model.config.final_logit_softcapping = 30.0  # Qwen2 ignores it: both paths must still agree
    mask = data["action_mask"]
    logp, entropy = action_logprobs(model, data["input_ids"], data["attention_mask"], mask, temperature=0.7)
    expected, logits = token_logprobs(full_model, data["input_ids"], data["attention_mask"], temperature=0.7)
    m = mask.float()
    assert torch.allclose(logp, expected * m, atol=1e-5) and bool((logp[~mask] == 0).all())
    assert torch.allclose(entropy, entropy_from_logits(logits) * m, atol=1e-4)
    ((logp * 0.3 + entropy * 0.01).sum()).backward()
    ((expected * m * 0.3 + entropy_from_logits(logits) * m * 0.01).sum()).backward()
    for (name, a), b in zip(model.named_parameters(), full_model.parameters(), strict=True):
        assert a.grad is not None and torch.allclose(a.grad, b.grad, atol=1e-5), name
