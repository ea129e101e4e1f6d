"""The file OpenRLHF loads for ``--remote_rm_url /path/to/this/file.py``: it imports ``reward_func`` from here.

Its path: ``python -c "import coderl.integrations.openrlhf.reward_func as m; print(m.__file__)"``. The tasks come
from ``CODERL_TASKS`` (a suite name or a directory; default ``basic``), the grader's sandboxes from
``CODERL_SANDBOXES`` (default 2).
"""

from coderl.integrations.openrlhf.reward import reward_func

__all__ = ["reward_func"]
