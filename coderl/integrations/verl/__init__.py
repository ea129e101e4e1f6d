"""coderl inside verl 0.9 (``pip install "coderl[verl]"``).

Three ways in, each usable alone:

* :mod:`~coderl.integrations.verl.advantage`: ``coderl.ops.gae`` as verl's
  ``core_algos.compute_gae_advantage_return`` (:func:`install`, or :func:`setup_worker` as Ray's
  ``worker_process_setup_hook`` so that every Ray process of a run gets it).
* :mod:`~coderl.integrations.verl.reward`: stage 1 over the actions written in a finished response, as verl's
  ``reward.custom_reward_function`` (:func:`compute_score`). Detection after the fact only.
* :mod:`~coderl.integrations.verl.agent_loop`: coderl's guarded episode in a real sandbox as a verl agent loop
  (``coderl_agent``), with the reward set by coderl's grader.

Importing this package does not import verl; each module imports it where it needs it.
"""

from coderl.integrations.verl.advantage import compute_gae_advantage_return, install, setup_worker, uninstall
from coderl.integrations.verl.reward import compute_score, extract_actions, scan_response

__all__ = [
    "compute_gae_advantage_return",
    "compute_score",
    "extract_actions",
    "install",
    "scan_response",
    "setup_worker",
    "uninstall",
]
