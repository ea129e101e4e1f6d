"""coderl: reinforcement-learning post-training of LLM code agents.

Data flow, one module each: task -> rollout -> guard -> sandbox -> grade -> experience -> GAE (``coderl.ops``)
-> PPO update -> weight sync. The advantage engine (``coderl.ops``) is the first brick.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
