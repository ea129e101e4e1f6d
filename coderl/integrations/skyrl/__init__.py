"""coderl inside SkyRL (``pip install "coderl[skyrl]"``): the environment way in.

* :mod:`~coderl.integrations.skyrl.env`: coderl's guarded episode in a real sandbox as a skyrl-gym environment
  (:class:`CoderlEnv`, registered as ``coderl`` by :func:`register`), rewarded by coderl's grader.
* The reward filter is stack-neutral: :func:`coderl.integrations.response.scan_response` over a finished
  response (detection after the fact only).
* The advantage way in (coderl's GAE in skyrl-train's estimator registry) is not provided: skyrl-train and
  skyrl 0.4 require Python 3.12 exactly and could not be installed and tested here.

Importing this package does not import skyrl-gym; :mod:`~coderl.integrations.skyrl.env` does.
"""

__all__ = ["ENV_CLASS", "register"]

ENV_CLASS = "coderl"


def register(env_id: str = ENV_CLASS) -> None:
    """Register :class:`~coderl.integrations.skyrl.env.CoderlEnv` in skyrl-gym's registry under ``env_id``
    (idempotent), so that rows whose ``env_class`` is ``coderl`` are played by it: call it in your SkyRL entry
    point before training starts (each process that makes environments needs it)."""
    import skyrl_gym

    if env_id not in skyrl_gym.registry:
        skyrl_gym.register(id=env_id, entry_point="coderl.integrations.skyrl.env:CoderlEnv")
