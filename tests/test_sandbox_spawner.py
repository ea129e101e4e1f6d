"""The native launcher of sandbox commands (``coderl.sandbox.spawner``): the rlimits, the uid and the
errors that the Python ``preexec_fn`` path gave, for less time per command."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from coderl.sandbox import spawner


@pytest.fixture(scope="module")
def launcher(tmp_path_factory):
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler: the agent keeps the preexec_fn path")
    path = spawner.build(tmp_path_factory.mktemp("spawn"))
    assert path is not None
    return str(path)


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=10)


def test_limits_are_set_soft_and_hard_before_the_program_runs(launcher):
    out = _run(launcher, "-1", "-1", "cpu=7", "fsize=4096", "--", "bash", "-c", "ulimit -St; ulimit -Ht; ulimit -Sf")
    assert out.stdout.split() == ["7", "7", "4"]  # bash reports fsize in 1024-byte blocks


def test_umask_is_022(launcher):
    assert _run(launcher, "-1", "-1", "--", "bash", "-c", "umask").stdout.strip() == "0022"


def test_errors_are_exit_statuses_that_name_the_cause(launcher):
    missing = _run(launcher, "-1", "-1", "--", "no-such-program-here")
    assert missing.returncode == 127 and "no-such-program-here" in missing.stderr
    for argv in (["-1", "-1", "bogus=1", "--", "true"], ["x", "-1", "--", "true"], ["-1", "-1", "--"]):
        bad = _run(launcher, *argv)
        assert bad.returncode == 125 and bad.stderr.startswith("coderl-spawn:")


@pytest.mark.podman
def test_sandbox_commands_go_through_it_and_a_missing_program_still_raises(live_pool):
    assert live_pool.pool.engine.spawn_helper() is not None
    assert live_pool.sh("id -u; ulimit -Hu").stdout.split()[0] != "0"
    with pytest.raises(RuntimeError, match="FileNotFoundError"):
        live_pool.episode(lambda s: s.run(["no-such-program-here"]))
