"""Shared test setup: Triton runs in its interpreter on CPU-only machines, batch generators, tolerances."""

from __future__ import annotations

import os

import pytest
import torch

# Must happen before anything imports a module with @triton.jit (coderl.kernels).
HAS_CUDA = torch.cuda.is_available()
if not HAS_CUDA:
    os.environ.setdefault("TRITON_INTERPRET", "1")

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "coderl",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "coderl"))


@pytest.fixture
def small_triton_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shrink Triton block sizes so the interpreter exercises many chunks on small inputs."""
    from coderl.kernels import gae as kernels

    if not HAS_CUDA:
        monkeypatch.setattr(kernels, "SCAN_BLOCK", 32)
        monkeypatch.setattr(kernels, "VALUE_BLOCK", 8)
        monkeypatch.setattr(kernels, "VALUE_BLOCK_H", 16)
        monkeypatch.setattr(kernels, "WHITEN_BLOCK", 64)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print the reports tests leave behind (stage-1 recall and false-positive rate)."""
    import sys

    module = sys.modules.get("guard_corpus")
    for text in getattr(module, "REPORTS", {}).values():
        terminalreporter.write_sep("-", "report")
        terminalreporter.write_line(text)


@pytest.fixture(scope="session")
def live_pool():
    """A real pool of two rootless Podman sandboxes, driven from synchronous tests (see ``sandboxes.py``)."""
    from sandboxes import LivePool

    pool = LivePool(size=2)
    yield pool
    pool.close()


def pytest_sessionfinish(session, exitstatus):
    """Tests that SIGKILL a coderl process (crash tests) leave its Podman API service behind: stop those,
    so nothing a test started outlives the run."""
    from coderl.sandbox.podman import reap_orphaned_services

    reap_orphaned_services()


@pytest.fixture(scope="module", params=["detected", "baseline"])
def gae_cpu_code(request):
    """The CPU GAE code a module's tests run on, each test twice (``pytestmark = pytest.mark.usefixtures(...)``):
    the code the kernels pick here (AVX2 and FMA on an x86-64 CPU that has them) and the baseline-ISA code a CPU
    without them runs."""
    from coderl import _native

    _native.set_gae_baseline(request.param == "baseline")
    yield request.param
    _native.set_gae_baseline(False)
