"""Adapters that embed coderl in other RL stacks: verl, SkyRL and TRL. Each offers the ways in its stack allows:
coderl's guarded sandbox episode as the stack's environment, coderl's GAE in its trainer, stage 1 as a reward
filter over finished responses. The top layer: nothing in coderl imports it, and each adapter imports its stack
only when used (``pip install "coderl[verl]"``, ``[skyrl]``, ``[trl]``).

Shared by the adapters: :mod:`~coderl.integrations.response` (the actions written in a response, and stage 1
over them) and :mod:`~coderl.integrations.runtime` (the tasks, sandboxes, guard and grader of a process; a
background event loop for stacks with a synchronous environment API)."""
