"""coderl inside TRL 1.16's GRPOTrainer (``pip install "coderl[trl]"``).

Two ways in, each usable alone:

* :mod:`~coderl.integrations.trl.reward`: a reward function (:class:`CoderlReward`): the completion's files
  graded by the hidden tests in coderl's grader, times stage 1 over the actions written in it. Detection after
  the fact only.
* :mod:`~coderl.integrations.trl.environment`: coderl's guarded episode in a real sandbox as GRPOTrainer's
  ``environment_factory`` (:func:`coderl_environment`): every tool call passes the guard before it runs, the
  rollout is rewarded by coderl's grader.

The advantage way in does not apply: GRPOTrainer has no critic (group-relative advantages, no GAE).
Importing this package does not import TRL (neither module needs it).
"""

from coderl.integrations.trl.environment import CoderlToolEnv, coderl_environment
from coderl.integrations.trl.reward import CoderlReward, completion_actions, completion_files, completion_text

__all__ = [
    "CoderlReward",
    "CoderlToolEnv",
    "coderl_environment",
    "completion_actions",
    "completion_files",
    "completion_text",
]
