"""The PPO learner: losses now; the critic, experience, updates and the training loop build on them."""

from coderl.learner.losses import aggregate, entropy_from_logits, kl_estimate, policy_loss, value_loss

__all__ = ["aggregate", "entropy_from_logits", "kl_estimate", "policy_loss", "value_loss"]
