"""coderl as OpenRLHF 0.11's reward (``--remote_rm_url``): the reward filter way in.

OpenRLHF asks a remote reward for a score per finished sample, either by loading a Python file and calling its
``reward_func(queries, prompts, labels)`` or by POSTing the same lists as JSON to a URL. Both are served:

* :mod:`~coderl.integrations.openrlhf.reward_func`: the file (``--remote_rm_url`` its path);
* :mod:`~coderl.integrations.openrlhf.server`: an HTTP server (``python -m coderl.integrations.openrlhf.server``,
  ``--remote_rm_url http://HOST:PORT/get_reward``).

Each sample's response is graded by the hidden tests in coderl's grader, times stage 1 over the actions written in
it (the same scoring as the TRL reward filter, :class:`coderl.integrations.trl.reward.CoderlReward`). The
dataset's ``label`` is the task id (``coderl tasks export --format openrlhf``, then ``--input_key input
--label_key label``). **Detection after the fact only**: OpenRLHF's own
agent loop ran the tools unguarded, so nothing was prevented and no decoy was shown; a cheat is zeroed when it
is written in the response. Importing this package does not import OpenRLHF.
"""

from coderl.integrations.openrlhf.reward import TASKS_ENV, response_of, reward_func

__all__ = ["TASKS_ENV", "response_of", "reward_func"]
