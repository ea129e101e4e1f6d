"""The learner's phases with the tiny policy on CPU: experience (critic forward, value head and GAE) and
the PPO update, in trained tokens/s.

Experience is timed side by side with the pipeline of a verl-style trainer: the critic's values from a
separate forward, then GAE as a per-timestep torch loop (``peers.verl_style_gae``). The batch has the
shape of the training demo's iterations: 32 multi-turn trajectories of uneven length, observations
between the turns.
"""

from __future__ import annotations

import random

import pytest
import torch
from peers import verl_style_gae

from coderl.learner import Critic, PPOConfig, PPOLearner, make_experience
from coderl.learner.experience import collate
from coderl.rollout.trajectory import Trajectory

EPISODES = 32


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    from coderl.rollout.tiny_model import build_tiny_policy

    return build_tiny_policy(tmp_path_factory.mktemp("tiny"), seed=0)


def _trajectories(vocab: int, seed: int = 0) -> list[Trajectory]:
    """Episodes of 1-6 turns (30-120 generated tokens each, 20-60 observation tokens between), reward 0/1."""
    rng = random.Random(seed)
    out = []
    for i in range(EPISODES):
        t = Trajectory(f"task{i % 8}", f"ep-{i}")
        t.append([rng.randrange(vocab) for _ in range(40)], policy=False)
        for turn in range(rng.randint(1, 6)):
            if turn:
                t.append([rng.randrange(vocab) for _ in range(rng.randint(20, 60))], policy=False)
            n = rng.randint(30, 120)
            t.append([rng.randrange(vocab) for _ in range(n)], policy=True, logprobs=[-1.0] * n)
        t.reward = float(rng.random() < 0.5)
        out.append(t)
    return out


@pytest.fixture(scope="module")
def setup(tiny):
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    policy = AutoModelForCausalLM.from_pretrained(str(tiny))
    critic = Critic.from_pretrained(tiny)
    trajs = _trajectories(int(policy.config.vocab_size))
    return policy, critic, trajs, sum(t.num_generated for t in trajs)


def _info(benchmark, group, impl, tokens, compare=()):
    benchmark.group = group
    benchmark.extra_info.update(impl=impl, device="cpu", tokens=tokens, compare_to=list(compare))


def test_experience_coderl_fused(benchmark, setup):
    _, critic, trajs, tokens = setup
    _info(benchmark, f"experience, {EPISODES} episodes (tiny critic, cpu)", "coderl make_experience", tokens,
          ["critic forward + verl-style gae"])  # fmt: skip
    # whitened, as the verl-style peer is, so both do the same work
    benchmark(make_experience, trajs, critic, pad_id=0, lam=0.95, lam_critic=1.0, whiten=True)
    benchmark.extra_info["tokens_per_s"] = tokens / benchmark.stats.stats.median


def test_experience_verl_style(benchmark, setup):
    _, critic, trajs, tokens = setup
    _info(benchmark, f"experience, {EPISODES} episodes (tiny critic, cpu)", "critic forward + verl-style gae", tokens)

    @torch.no_grad()
    def unfused():
        data = collate(trajs, 0)
        values = critic(data["input_ids"], data["attention_mask"].long())[:, :-1].float()
        return verl_style_gae(data["rewards"], values, data["action_mask"], 1.0, 0.95)

    benchmark(unfused)
    benchmark.extra_info["tokens_per_s"] = tokens / benchmark.stats.stats.median


@pytest.mark.parametrize("train_policy", [True, False], ids=["policy+critic", "critic-only"])
def test_ppo_update_tokens_per_s(benchmark, setup, train_policy):
    policy, critic, trajs, tokens = setup
    learner = PPOLearner(policy, critic, PPOConfig(epochs=1, minibatch_size=8, policy_lr=1e-6, critic_lr=1e-6))
    batch = make_experience(trajs, critic, pad_id=0, lam=0.95, lam_critic=1.0)
    _info(
        benchmark,
        f"PPO update, 1 epoch over {EPISODES} episodes (tiny, cpu)",
        f"update {'policy+critic' if train_policy else 'critic only'}",
        tokens,
    )
    benchmark.pedantic(learner.update, args=(batch,), kwargs={"train_policy": train_policy}, rounds=3, warmup_rounds=1)
    benchmark.extra_info["tokens_per_s"] = tokens / benchmark.stats.stats.median
