"""The distributed trainer on Ray (the optional ``coderl[ray]`` extra): one role per module.

- :mod:`~coderl.distributed.cluster`: joining or starting the cluster, each role's resources, ``coderl cluster status``.
- :mod:`~coderl.distributed.controller`: :class:`RayTrainer`, the local trainer's phases with rollouts and weight
  sync on the cluster; :func:`train_on_ray` behind ``coderl train`` with ``[cluster] backend = "ray"``.
- :mod:`~coderl.distributed.episode_worker`: the agent loop beside a sandbox node's Podman pool, guard and grader.
- :mod:`~coderl.distributed.rollout_worker`: one inference engine per actor; a least-in-flight choice of replica.
- :mod:`~coderl.distributed.learner_worker`: a learner rank under FSDP2 (gloo on CPU).
- :mod:`~coderl.distributed.weight_sync`: bucketed broadcast over a stateless process group (TCPStore + gloo).

Nothing here is imported by the rest of coderl except ``coderl train`` when the config asks for Ray; this
package imports Ray only where a role needs it, so its modules load (and type-check) without the extra.
"""

from __future__ import annotations
