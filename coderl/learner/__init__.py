"""The PPO learner: an independent critic, experience with fused GAE (or GRPO), losses, the update."""

from coderl.learner.critic import Critic
from coderl.learner.experience import Batch, collate, grpo_advantages, make_experience
from coderl.learner.logprobs import action_logprobs, token_logprobs
from coderl.learner.losses import aggregate, entropy_from_logits, kl_estimate, policy_loss, value_loss
from coderl.learner.ppo import PPOConfig, PPOLearner

__all__ = [
    "Batch",
    "Critic",
    "PPOConfig",
    "PPOLearner",
    "action_logprobs",
    "aggregate",
    "collate",
    "entropy_from_logits",
    "grpo_advantages",
    "kl_estimate",
    "make_experience",
    "policy_loss",
    "token_logprobs",
    "value_loss",
]
