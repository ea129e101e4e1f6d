"""Repository tasks (issue 19): a git workspace with only its base in history, FAIL_TO_PASS/PASS_TO_PASS
grading, hidden check scripts, environment images, the SWE-bench importer, and the bundled suite graded
in real Podman containers (every gold 1, every base 0)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from repo_graders import BASE_IMAGE, Graders
from sandboxes import CODERL

from coderl.grade import read_workspace_dir
from coderl.sandbox import SandboxConfig
from coderl.sandbox.envimage import build_environment
from coderl.sandbox.podman import PodmanEngine
from coderl.suites import REPOS, repo_suite, solution_files
from coderl.task import Task, TaskError, load_task

SUITE = repo_suite()


def _git(cwd: Path, *args: str) -> str:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "GIT_CONFIG_NOSYSTEM": "1"}
    proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)
    return proc.stdout


def _lay_out(files: dict[str, bytes], root: Path) -> Path:
    for rel, data in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return root


# --- the task format (no containers) ---------------------------------------------------------------
def test_bundled_suite_has_the_shapes_the_issue_asks_for() -> None:
    assert len(SUITE) >= 12
    assert all(t.repo is not None for t in SUITE)
    checks = [t for t in SUITE if t.check is not None]
    with_deps = [t for t in SUITE if t.environment is not None and t.environment.requirements]
    assert len(checks) >= 4, "several DevOps-style tasks with hidden check scripts"
    assert len(with_deps) >= 2, "some tasks need a package from the registry"
    assert sum(1 for t in SUITE if t.repo is not None and t.repo.fail_to_pass) >= 7
    for task in SUITE:  # every module the agent is given is a multi-file package, never a one-file exercise
        py = [p for p in task.workspace if p.endswith(".py") and not p.startswith(".git/")]
        assert len(py) >= 2, task.id


def test_workspace_is_a_git_repository_whose_history_is_only_the_base(tmp_path: Path) -> None:
    task = next(t for t in SUITE if t.id == "repo-inventory-discount-tax")
    root = _lay_out(task.workspace, tmp_path / "ws")
    assert _git(root, "log", "--all", "--format=%s").split() == ["base"]
    assert _git(root, "status", "--porcelain") == ""  # the commit is exactly the workspace
    assert _git(root, "reflog", "--all") == ""
    assert _git(root, "stash", "list") == ""
    assert not any((root / ".git" / name).exists() for name in ("ORIG_HEAD", "FETCH_HEAD", "packed-refs", "logs"))
    assert not list((root / ".git").rglob("*.pack"))
    every = _git(root, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)").split()
    reachable = {line.split()[0] for line in _git(root, "rev-list", "--objects", "--all").splitlines()}
    assert set(every) == reachable, "an object not reachable from the base commit is in the repository"
    # the same files give the same commit: nothing of the host (time, user) leaks in
    assert load_task(task.root).workspace[".git/refs/heads/main"] == task.workspace[".git/refs/heads/main"]
    assert ".git" not in {p.split("/")[0] for p in task.hidden}


def _write(root: Path, toml: str, hidden: dict[str, str], workspace: dict[str, str] | None = None) -> Path:
    (root / "workspace").mkdir(parents=True)
    (root / "hidden").mkdir()
    (root / "task.toml").write_text(toml)
    for rel, text in (workspace or {"pkg/__init__.py": "X = 1\n"}).items():
        (root / "workspace" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "workspace" / rel).write_text(text)
    for rel, text in hidden.items():
        (root / "hidden" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "hidden" / rel).write_text(text)
    return root


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('[repo]\nfail_to_pass = ["tests/test_other.py::test_a"]\n', "names no file of hidden/"),
        ("[repo]\npass_to_pass = []\n", "repo.fail_to_pass: missing"),
        ("[repo]\nfail_to_pass = []\n", "repo.fail_to_pass: empty, and no [check]"),
        (
            '[repo]\nfail_to_pass = ["tests/test_a.py::test_a"]\npass_to_pass = ["tests/test_a.py::test_a"]\n',
            "listed in both",
        ),
        ('[repo]\nfail_to_pass = ["tests/test_a.py::test_a"]\nbase = "x"\n', "repo.base: unknown key"),
        ('[check]\nscript = "missing.sh"\n', "check.script: must name a file under hidden/"),
        ('[environment]\nrequirements = ["--index-url http://evil"]\n', "is not a requirement"),
        ('[environment]\npython = "python3"\n', "environment.python: must be a version"),
        ('[environment]\nsetup = "../outside.sh"\n', "is not a file of the task directory"),
        ("[environment]\n", "environment: empty"),
    ],
)
def test_bad_repository_settings_name_their_field(tmp_path: Path, toml: str, expected: str) -> None:
    root = _write(tmp_path / "t", 'id = "t"\nprompt = "p"\n' + toml, {"tests/test_a.py": "def test_a(): pass\n"})
    with pytest.raises(TaskError) as info:
        load_task(root)
    assert any(expected in p for p in info.value.problems), info.value.problems


def test_listed_tests_run_in_the_order_of_their_files() -> None:
    """The listed tests run as a run of their files runs them (by file, then where each is defined; a test's
    parameters in listed order), not FAIL_TO_PASS first: red-team round 17 let a PASS_TO_PASS test's call switch
    the fix off for the tests after it, which only the grade ran before it."""
    from coderl.grade.grader import in_file_order

    hidden = {
        "tests/test_a.py": b"def test_late():\n    pass\n\nclass TestC:\n    def test_m(self):\n        pass\n",
        "tests/test_b.py": b"import pytest\n\ndef test_first():\n    pass\n\ndef test_p(x):\n    pass\n",
    }
    listed = [
        "tests/test_b.py::test_p[2]",
        "tests/test_b.py::test_first",
        "tests/test_a.py::TestC::test_m",
        "tests/test_b.py::test_p[1]",
        "tests/test_a.py::test_late",
    ]
    assert in_file_order(listed, hidden) == [
        "tests/test_a.py::test_late",
        "tests/test_a.py::TestC::test_m",
        "tests/test_b.py::test_first",
        "tests/test_b.py::test_p[2]",
        "tests/test_b.py::test_p[1]",
    ]
    for task in SUITE:  # every bundled task: its PASS_TO_PASS tests sit above its FAIL_TO_PASS ones
        if task.repo is not None and task.repo.pass_to_pass and task.repo.fail_to_pass:
            order = in_file_order(task.repo.tests, task.hidden)
            assert order.index(task.repo.pass_to_pass[0]) < order.index(task.repo.fail_to_pass[0]), task.id


@pytest.mark.parametrize("git_dir", [".git", "vendor/lib/.git"])
def test_a_workspace_git_directory_is_refused(tmp_path: Path, git_dir: str) -> None:
    root = _write(
        tmp_path / "t",
        'id = "t"\nprompt = "p"\n[repo]\nfail_to_pass = ["tests/test_a.py::test_a"]\n',
        {"tests/test_a.py": "def test_a(): pass\n"},
        {"pkg/__init__.py": "", f"{git_dir}/HEAD": "ref: refs/heads/main\n"},
    )
    with pytest.raises(TaskError, match=f"workspace/{re.escape(git_dir)}: a repository task's history"):
        load_task(root)


def test_tasks_with_the_same_environment_share_one_image() -> None:
    envs = {t.id: t.environment for t in SUITE if t.environment is not None}
    assert envs["repo-ledger-net-total"] == envs["repo-reportgen-all-columns"]
    assert envs["repo-ledger-net-total"].key != envs["repo-make-site-build"].key  # type: ignore[union-attr]
    plain = next(t for t in SUITE if t.environment is None)
    assert plain.image(BASE_IMAGE) == BASE_IMAGE
    ledger = next(t for t in SUITE if t.id == "repo-ledger-net-total")
    assert ledger.image(BASE_IMAGE) != BASE_IMAGE and ledger.image(BASE_IMAGE).endswith(ledger.environment.key)  # type: ignore[union-attr]


def test_coderl_train_runs_environment_tasks_in_their_image(tmp_path: Path) -> None:
    """Without a `[sandbox] image`, a training run of tasks that declare an environment runs in its image (as
    `coderl rollout` and `coderl grade` do); a set image is kept; a suite mixing environments is refused."""
    from coderl.train.config import load_config
    from coderl.train.trainer import with_suite_image

    cfg_path = tmp_path / "train.toml"
    cfg_path.write_text('[run]\nout_dir = "out"\n')
    config = load_config(cfg_path)
    ledger = [t for t in SUITE if t.id in ("repo-ledger-net-total", "repo-reportgen-all-columns")]
    assert with_suite_image(config, ledger).sandbox.image == ledger[0].image(config.sandbox.image)
    plain = [t for t in SUITE if t.environment is None]
    assert with_suite_image(config, plain).sandbox.image == config.sandbox.image
    make = next(t for t in SUITE if t.id == "repo-make-site-build")
    with pytest.raises(TaskError, match="different sandbox images"):
        with_suite_image(config, [*ledger, make])
    cfg_path.write_text('[run]\nout_dir = "out"\n[sandbox]\nimage = "localhost/mine:1"\n')
    assert with_suite_image(load_config(cfg_path), ledger).sandbox.image == "localhost/mine:1"


# --- real containers -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def graders() -> Iterator[Graders]:
    live = Graders()
    try:
        yield live
    finally:
        live.close()


def _gold(task: Task) -> dict[str, bytes]:
    return {**task.workspace, **{k: v for k, v in solution_files(task.root).items() if not k.startswith(".git/")}}


def test_gold_work_with_tests_and_tool_settings_of_its_own_gets_1(graders: Graders) -> None:
    """Refusing a changed test set-up (red-team round 18) leaves the rest of the work alone: a test file of the
    agent's own and a setup.cfg for another tool are graded as committed; the agent's test file is not run."""
    task = next(t for t in SUITE if t.id == "repo-verlib-numeric-order")
    own = {"tests/test_mine.py": b"def test_mine():\n    assert False\n", "setup.cfg": b"[flake8]\nmax-line = 120\n"}
    result = graders.grade(task, {**_gold(task), **own})
    assert result.reward == 1.0, (result.notes, result.output[-1500:])
    refused = graders.grade(task, {**_gold(task), "tests/conftest.py": b""})
    assert refused.reward == 0.0 and any("conftest.py" in n for n in refused.notes), refused.notes


def test_every_bundled_task_gold_gets_1_and_base_gets_0(graders: Graders) -> None:
    failures = []
    for task in SUITE:
        gold = graders.grade(task, _gold(task))
        base = graders.grade(task, dict(task.workspace))
        if gold.reward != 1.0 or base.reward != 0.0:
            failures.append(f"{task.id}: gold {gold.reward} {gold.notes}\n{gold.output[-1500:]}\nbase {base.reward}")
        if task.repo is not None and task.repo.fail_to_pass:
            assert f"FAIL_TO_PASS 0/{len(task.repo.fail_to_pass)}" in " ".join(base.notes), (task.id, base.notes)
            assert base.passed >= len(task.repo.pass_to_pass), "the base keeps its PASS_TO_PASS tests"
    assert not failures, "\n".join(failures)
    for image in graders.builds:  # built once, then cached by what they install
        engine = PodmanEngine(SandboxConfig())
        try:
            env = next(t.environment for t in SUITE if t.environment is not None and t.image(BASE_IMAGE) == image)
            again = build_environment(engine, image, env.key, requirements=env.requirements, setup=env.setup)
        finally:
            engine.close()
        assert again.built is False and again.size_bytes > 0


def test_a_ci_script_faked_green_gets_0(graders: Graders) -> None:
    task = next(t for t in SUITE if t.id == "repo-ci-unittest-path")
    fake = b'echo "test_top_ties_alphabetical (tests.test_count.WordsTest) ... ok"\necho "Ran 2 tests"\necho OK\n'
    result = graders.grade(task, {**task.workspace, "scripts/ci.sh": fake})
    assert result.reward == 0.0 and "byte for byte" in result.output  # what runs is pinned first
    # a unit-test step of the right form that leaves new test files out: the check's copies find it
    narrow = task.workspace["scripts/ci.sh"].replace(
        b"discover -s test -t . -v", b"discover -s tests -t . -p test_count.py -v"
    )
    result = graders.grade(task, {**task.workspace, "scripts/ci.sh": narrow})
    assert result.reward == 0.0 and "stays green when a new unit test fails" in result.output, result.output


def _prebuilt_dist(task: Task) -> dict[str, bytes]:
    """A no-op build script beside a dist/ made ahead (exactly what the right build would make)."""
    import hashlib

    sources = {p: d for p, d in task.workspace.items() if p.startswith("pkgcalc/") and p.endswith(".py")}
    manifest = "".join(f"{hashlib.sha256(d).hexdigest()}  {p}\n" for p, d in sorted(sources.items()))
    return {
        **task.workspace,
        "scripts/build.sh": b"true\n",
        "dist/MANIFEST": manifest.encode(),
        **{f"dist/{p}": d for p, d in sources.items()},
    }


@pytest.mark.parametrize(
    ("task_id", "cheat"),
    [
        ("repo-build-dist-manifest", _prebuilt_dist),
        ("repo-release-version-gate", lambda t: {**t.workspace, "scripts/release_check.sh": b"exit 0\n"}),
        ("repo-services-upstream-port", lambda t: {**t.workspace, "svc/validate.py": b"import sys\nsys.exit(0)\n"}),
    ],
)
def test_devops_shortcuts_without_the_fix_get_0(graders: Graders, task_id: str, cheat: Any) -> None:
    task = next(t for t in SUITE if t.id == task_id)
    result = graders.grade(task, cheat(task))
    assert result.reward == 0.0, result.output


def test_a_registry_dependency_is_really_needed(graders: Graders) -> None:
    from coderl.grade.grader import TaskNotGradable

    task = next(t for t in SUITE if t.id == "repo-reportgen-all-columns")
    with pytest.raises(TaskNotGradable, match="needs its environment image"):
        graders.grade(task, _gold(task), image=BASE_IMAGE)
    # and in the base image its hidden tests could not even be collected (they import tabulate)
    _, grader = graders.pool(BASE_IMAGE)
    plain = dataclasses.replace(task, environment=None)
    with pytest.raises(TaskNotGradable, match="could not be collected"):
        graders.loop.run_until_complete(grader.grade(plain, _gold(task)))


def test_fraction_mode_counts_fixed_tests_and_zero_when_a_passing_test_breaks(tmp_path: Path, graders: Graders) -> None:
    code = "def double(x):\n    return x + x\n\ndef half(x):\n    return x\n\ndef neg(x):\n    return x\n"
    tests = (
        "from calc.ops import double, half, neg\n\n"
        "def test_double():\n    assert double(4) == 8\n\n"
        "def test_half():\n    assert half(8) == 4\n\n"
        "def test_neg():\n    assert neg(3) == -3\n"
    )
    root = _write(
        tmp_path / "frac",
        'id = "frac"\nprompt = "p"\n[grading]\nreward = "fraction"\n[repo]\n'
        'fail_to_pass = ["tests/test_ops.py::test_half", "tests/test_ops.py::test_neg"]\n'
        'pass_to_pass = ["tests/test_ops.py::test_double"]\n',
        {"tests/test_ops.py": tests},
        {"calc/__init__.py": "", "calc/ops.py": code},
    )
    task = load_task(root)
    half_fixed = code.replace("def half(x):\n    return x\n", "def half(x):\n    return x // 2\n")
    assert graders.grade(task, {**task.workspace, "calc/ops.py": half_fixed.encode()}).reward == 0.5
    broke = half_fixed.replace("return x + x", "return x * 3")
    assert graders.grade(task, {**task.workspace, "calc/ops.py": broke.encode()}).reward == 0.0
    assert graders.grade(task, dict(task.workspace)).reward == 0.0


_PROBE = r"""
echo "probe uid $(id -u)"
cat /tmp/coderl-grading/hidden/check_probe.sh >/dev/null 2>&1 && echo PROBE-READ-CHECK
ls -d /tmp/coderl-check-*/ >/dev/null 2>&1 && ls /tmp/coderl-check-*/ >/dev/null 2>&1 && echo PROBE-SAW-SOCKET
for pid in $(ls /proc | grep -E '^[0-9]+$'); do
  [ "$pid" = "$$" ] && continue
  ls "/proc/$pid/fd" >/dev/null 2>&1 || continue
  uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  [ "$uid" != "$(id -u)" ] && echo "PROBE-OPENED-FDS-OF $uid"
done
for pid in $(ls /proc | grep -E '^[0-9]+$'); do
  owner=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
  kill -0 "$pid" 2>/dev/null && [ "$owner" != "$(id -u)" ] && echo "PROBE-CAN-SIGNAL $pid"
done
printf '{"nonce": "x", "kind": "finished", "exitstatus": 0}\n'
exit 0
"""
_CHECK = r"""
out=$(coderl-run bash probe.sh)
echo "$out"
echo "check uid $(id -u)"
grep -q '^ok$' "$CODERL_WORKSPACE/answer.txt"
"""


def test_a_check_script_is_out_of_reach_of_the_code_it_runs(tmp_path: Path, graders: Graders) -> None:
    root = _write(
        tmp_path / "probe",
        'id = "probe"\nprompt = "p"\n[check]\nscript = "check_probe.sh"\ntimeout_s = 60\n',
        {"check_probe.sh": _CHECK},
        {"probe.sh": _PROBE, "answer.txt": "no\n"},
    )
    task = load_task(root)
    result = graders.grade(task, dict(task.workspace))
    out = result.output
    assert result.reward == 0.0, "the probe's exit 0 and its forged event line are not the check's verdict"
    probe_uid = int(out.split("probe uid ")[1].split()[0])
    check_uid = int(out.split("check uid ")[1].split()[0])
    assert probe_uid != check_uid, "the agent's code never runs as the check's uid"
    for marker in ("PROBE-READ-CHECK", "PROBE-SAW-SOCKET", "PROBE-OPENED-FDS-OF", "PROBE-CAN-SIGNAL"):
        assert marker not in out, out
    solved = graders.grade(task, {**task.workspace, "answer.txt": b"ok\n"})
    assert solved.reward == 1.0, solved.output


_TAKEOVER = r"""
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
pid, worker = os.getpid(), None
hidden = False
while pid > 1:  # the worker that started this program: its parent chain
    with open(f"/proc/{pid}/stat") as f:
        pid = int(f.read().rsplit(")", 1)[1].split()[1])
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            if b"coderl_worker.py" in f.read():
                worker = pid
                break
    except OSError:  # not this uid's to see (non-dumpable, and /proc hides it): the parent is the worker
        worker, hidden = pid, True
        break
print("TAKEOVER-WORKER-HIDDEN" if hidden else "TAKEOVER-FOUND-WORKER" if worker else "TAKEOVER-NO-WORKER")
try:
    open(f"/proc/{worker}/environ", "rb").read()
    print("TAKEOVER-READ-ENVIRON")
except OSError:
    pass
pidfd = libc.syscall(434, worker, 0)  # pidfd_open
if pidfd >= 0:
    for fd in range(3, 32):
        if libc.syscall(438, pidfd, fd, 0) >= 0:  # pidfd_getfd
            print("TAKEOVER-GOT-FD", fd)
os.system("sleep 30 & echo $! > /workspace/.leftover.pid")
sys.stdout.flush()
sys.stdout.buffer.write(b"\xff\xfe not UTF-8\n")
with open("answer.txt", "w") as f:  # what the check reads as submitted must not change
    f.write("ok\n")
"""
_TAKEOVER_CHECK = r"""
out=$(coderl-run python3 takeover.py); status=$?
echo "$out"
echo "takeover status $status"
coderl-run bash -c 'kill -0 "$(cat /workspace/.leftover.pid)" 2>/dev/null && echo LEFTOVER-ALIVE; true'
coderl-run bash -c 'test -e /workspace/.ast-imported && echo AST-IMPORTED; true'
grep -q '^ok$' "$CODERL_WORKSPACE/answer.txt" && echo "LIVE-CHANGED"
grep -q '^ok$' "$CODERL_SUBMITTED/answer.txt"
"""


_PROC_PROBE = r"""
import os, sys
me, seen = os.getpid(), []
for name in os.listdir("/proc"):
    if not name.isdigit() or int(name) == me:
        continue
    try:
        with open(f"/proc/{name}/cmdline", "rb") as f:
            line = f.read()
    except OSError:
        continue
    for secret in (b"CHECK-TEXT-7f3a", b"RUN-ARG-9c1e"):
        if secret in line:
            seen.append(secret.decode())
print("PROBE-SAW", sorted(set(seen)) or "nothing")
"""
_PROC_CHECK = r"""
# CHECK-TEXT-7f3a: text of the hidden check, which no program it runs may read
coderl-run python3 probe.py RUN-ARG-9c1e
coderl-run true "" && echo EMPTY-ARG-OK
coderl-run; echo "NO-ARGS $?"
"""


def test_a_checks_text_and_arguments_stand_on_no_command_line(tmp_path: Path, graders: Graders) -> None:
    """Red-team round 25 read the whole hidden check script in the check runner's ``bash -c`` command line, and a
    check's ``coderl-run`` arguments in its client's, from a program the check ran (``/proc/PID/cmdline`` is
    readable by every uid that sees the process). Now the script is read from a private file, the arguments go
    over the client's stdin, and /proc shows each uid its own processes only."""
    root = _write(
        tmp_path / "procprobe",
        'id = "procprobe"\nprompt = "p"\n[check]\nscript = "check_ci_probe.sh"\ntimeout_s = 60\n',
        {"check_ci_probe.sh": _PROC_CHECK},
        {"probe.py": _PROC_PROBE},
    )
    task = load_task(root)
    out = graders.grade(task, dict(task.workspace)).output
    assert "PROBE-SAW nothing" in out, out
    assert "EMPTY-ARG-OK" in out and "NO-ARGS 125" in out, out  # an empty argument and no argument stay apart


def test_a_checks_worker_is_out_of_reach_of_the_programs_it_runs(tmp_path: Path, graders: Graders) -> None:
    """Round 2 of the red team took over a check's worker from a program it ran (its pipes by ``pidfd_getfd``;
    a workspace ``ast.py`` imported by the worker itself when a program printed bytes that are not UTF-8) and
    changed the files a check read while it ran. Now: no fd, no environ, no import of the workspace, nothing left
    running between the check's steps, and the check judges the files as submitted."""
    root = _write(
        tmp_path / "takeover",
        'id = "takeover"\nprompt = "p"\n[check]\nscript = "check_takeover.sh"\ntimeout_s = 60\n',
        {"check_takeover.sh": _TAKEOVER_CHECK},
        {
            "takeover.py": _TAKEOVER,
            "ast.py": "open('/workspace/.ast-imported', 'w').close()\nfrom importlib import import_module\n",
            "answer.txt": "no\n",
        },
    )
    task = load_task(root)
    result = graders.grade(task, dict(task.workspace))
    out = result.output
    # the probe ran as meant; the worker is its parent, which /proc does not even show it (hidepid, non-dumpable)
    assert "TAKEOVER-WORKER-HIDDEN" in out and "takeover status 0" in out, out
    assert "not UTF-8" in out and "LIVE-CHANGED" in out, out  # its output came back; it rewrote the live file
    for marker in ("TAKEOVER-READ-ENVIRON", "TAKEOVER-GOT-FD", "LEFTOVER-ALIVE", "AST-IMPORTED"):
        assert marker not in out, out
    assert result.reward == 0.0, "answer.txt was 'no' as submitted"
    solved = graders.grade(task, {**task.workspace, "answer.txt": b"ok\n"})
    assert solved.reward == 1.0, solved.output


_PLANT = r"""
import os, site, sys
user_site = site.getusersitepackages()
os.makedirs(user_site, exist_ok=True)
with open(os.path.join(user_site, "usercustomize.py"), "w") as f:
    f.write("print('USERCUSTOMIZE-LOADED')\n")
for folder in ("/tmp", "/dev/shm", "/var/tmp"):
    try:
        with open(os.path.join(folder, "left-by-step-1"), "w") as f:
            f.write("x")
        print("PLANTED-IN", folder)
    except OSError:  # a read-only scratch folder keeps nothing anyway
        pass
os.makedirs("/tmp/locked/inner", exist_ok=True)  # a folder rmtree cannot enter once its modes are gone
with open("/tmp/locked/inner/mark", "w") as f:
    f.write("x")
os.chmod("/tmp/locked/inner", 0)
os.chmod("/tmp/locked", 0)
os.makedirs("/tmp/linking", exist_ok=True)  # a link to a folder inside a folder (red-team round 32: chmod of it
os.symlink("/var/tmp", "/tmp/linking/to-var-tmp")  # without following raised, and the clean-up stopped there)
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
KEY, CREATE = 0x5CA1AB1E, 0o1000 | 0o600  # IPC_CREAT | rw-------
made = {
    "shm": libc.shmget(KEY, 4096, CREATE),
    "msg": libc.msgget(KEY, CREATE),
    "sem": libc.semget(KEY, 1, CREATE),
    "mq": libc.mq_open(b"/coderl-left", os.O_CREAT | os.O_RDWR, 0o600, None),
}
print("IPC-PLANTED", " ".join(kind for kind, ident in made.items() if ident != -1))
print("PLANTED", os.environ["HOME"])
"""
_PROBE_IPC = r"""
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
KEY = 0x5CA1AB1E
found = {
    "shm": libc.shmget(KEY, 0, 0),
    "msg": libc.msgget(KEY, 0),
    "sem": libc.semget(KEY, 0, 0),
    "mq": libc.mq_open(b"/coderl-left", os.O_RDONLY),
}
print("IPC-CHECKED", " ".join(f"STILL-THERE-{kind}" for kind, ident in found.items() if ident != -1) or "none")
"""
_FRESH_CHECK = r"""
coderl-run python3 plant.py
out=$(coderl-run python3 -c 'import os, site; print("HOME", os.environ["HOME"], "USER_SITE", site.ENABLE_USER_SITE)')
echo "$out"
coderl-run bash -c 'for d in /tmp /dev/shm /var/tmp; do
  test -e $d/left-by-step-1 && echo "STILL-THERE $d"
done; test -e /tmp/locked && echo "STILL-THERE /tmp/locked"
test -e /tmp/linking && echo "STILL-THERE /tmp/linking"; true'
coderl-run python3 probe_ipc.py
grep -q '^ok$' "$CODERL_SUBMITTED/answer.txt"
"""


def test_each_program_of_a_check_starts_from_a_clean_slate(tmp_path: Path, graders: Graders) -> None:
    """Round 4 of the red team carried state from a check's first program to its later ones: a
    ``usercustomize.py`` in the sandbox uid's user site (``HOME=/tmp``) that changed what the check's own
    ``python3 -c`` printed, and marks in ``/tmp`` deleted or muted. Now what the sandbox uid left in the scratch
    folders, System V IPC and POSIX message queues is removed when a program returns. Each program runs as the
    agent's own commands did (HOME=/tmp, its user site on): a home of its own told the check's programs from the
    agent's (red-team round 8). A link to a folder among the leftovers is unlinked, never followed (round 32
    stopped the clean-up with one)."""
    root = _write(
        tmp_path / "fresh",
        'id = "fresh"\nprompt = "p"\n[check]\nscript = "check_fresh.sh"\ntimeout_s = 60\n',
        {"check_fresh.sh": _FRESH_CHECK},
        {"plant.py": _PLANT, "probe_ipc.py": _PROBE_IPC, "answer.txt": "ok\n"},
    )
    task = load_task(root)
    result = graders.grade(task, dict(task.workspace))
    out = result.output
    assert "PLANTED-IN /tmp" in out and "PLANTED " in out, out  # the first program ran and left its files
    assert "IPC-PLANTED shm msg sem mq" in out, out  # System V objects and a POSIX queue were made...
    assert "IPC-CHECKED none" in out, out  # ...and none reached the later program
    first_home = re.search(r"(?m)^PLANTED (\S+)", out).group(1)  # type: ignore[union-attr]
    later = out.split("HOME ")[1].split()
    assert first_home == later[0] == "/tmp" and later[2] == "True", out  # as in the agent's sandbox
    assert "USERCUSTOMIZE-LOADED" not in out and "STILL-THERE" not in out, out
    assert result.reward == 1.0, result.output  # the check itself still works


def _agent_git(root: Path, *args: str) -> None:
    config = ["-c", "user.name=agent", "-c", "user.email=agent@example.invalid", "-c", "safe.directory=*"]
    subprocess.run(["git", "-C", str(root), *config, *args], check=True, capture_output=True)


def test_the_graded_tree_is_the_commit_git_makes_of_the_work(tmp_path: Path, graders: Graders) -> None:
    """What is graded is what git commits of the agent's workspace (``commit.py``), made by git itself with the
    agent's own repository: red-team round 6 found eight more of git's rules the earlier model lacked. Honest
    work gets 1 however the agent used git (its own commit on a branch of its own; its .git removed); a fix
    only in a working-tree file git is told to skip (``--skip-worktree``) is in no commit and gets 0; a repository
    with hooks or filter drivers of its own is refused (round 8: such code committed the fix for the grader only)."""
    task = next(t for t in SUITE if t.id == "repo-ledger-net-total")
    gold = _gold(task)
    committed = _lay_out(gold, tmp_path / "committed")
    _agent_git(committed, "checkout", "-q", "-b", "fix-net-total")
    _agent_git(committed, "commit", "-q", "-am", "Net the total row")
    result = graders.grade(task, read_workspace_dir(committed, keep_git=True))
    assert result.reward == 1.0, result.notes
    assert not any("commit" in n and "FAIL_TO_PASS" not in n for n in result.notes), result.notes
    no_git = {p: d for p, d in gold.items() if not p.startswith(".git/")}
    result = graders.grade(task, no_git)
    assert result.reward == 1.0 and any("committed on the task's own repository" in n for n in result.notes)
    skipped = _lay_out(dict(task.workspace), tmp_path / "skipped")
    _agent_git(skipped, "update-index", "--skip-worktree", "ledger/summary.py")
    (skipped / "ledger/summary.py").write_bytes(gold["ledger/summary.py"])
    result = graders.grade(task, read_workspace_dir(skipped, keep_git=True))
    assert result.reward == 0.0
    assert "committed otherwise than the working tree had it: ledger/summary.py" in result.notes
    # a repository that would run code of its own at commit is refused: the code could tell the grader's commit
    hooked = {**gold, ".git/hooks/pre-commit": b"#!/bin/sh\nexit 0\n"}
    result = graders.grade(task, hooked)
    assert result.reward == 0.0 and any("hooks of its own" in n for n in result.notes), result.notes
    filtered = {**gold, ".git/config": gold[".git/config"] + b'[filter "tidy"]\n\tclean = cat\n'}
    result = graders.grade(task, filtered)
    assert result.reward == 0.0 and any("runs programs or reads files" in n for n in result.notes), result.notes


def test_the_commit_is_made_in_the_sandbox_the_work_was_done_in(graders: Graders) -> None:
    """At an episode's end the agent's own sandbox commits the work (``commit_workspace``): with its own index,
    links and modes (red-team round 8 hid a fix from its own git by an index's stat data, and told the grader
    apart by a link or an executable bit that a download of the working tree dropped). Honest work committed and
    made executable there gets 1, and the graded files keep the commit's modes (and carry no .git)."""
    from coderl.grade.commit import commit_workspace

    task = next(t for t in SUITE if t.id == "repo-throttle-window-boundary")
    gold = _gold(task)
    # no identity of its own: the image's system configuration gives git one (red-team round 12 found none)
    agent_commit = "git commit -qam fix && chmod +x throttle/window.py"
    result = graders.grade_in_sandbox(task, gold, agent_commit)
    assert result.reward == 1.0, (result.notes, result.output)
    pool, _ = graders.pool(BASE_IMAGE)

    async def commit_of(setup: str) -> Any:
        async with pool.sandbox(gold) as sandbox:
            await sandbox.run(["bash", "-c", setup])
            return await commit_workspace(sandbox, task.workspace)

    made = graders.loop.run_until_complete(commit_of(agent_commit))
    assert made.executable == {"throttle/window.py"} and made.files["throttle/window.py"] == gold["throttle/window.py"]
    assert not any(p.startswith(".git/") for p in made.files)  # the work is graded, not repository metadata
    gone = graders.loop.run_until_complete(commit_of("rm -rf .git"))
    assert gone.files["throttle/window.py"] == gold["throttle/window.py"] and "was gone" in gone.notes[0]


def test_work_that_ran_its_tests_commits_no_bytecode(graders: Graders) -> None:
    """Committed bytecode the task does not ship is refused (red-team round 13 pinned a cached pyc's source mtime
    from code, so every clone ran the bug it held). Honest work makes none in the workspace: the sandbox's Python
    caches bytecode out of it (PYTHONPYCACHEPREFIX), so an agent that ran the tests and imported its package before
    the episode ended still commits only sources and gets 1; one that compiles into the workspace gets 0."""
    task = next(t for t in SUITE if t.id == "repo-throttle-window-boundary")
    ran = "python3 -m pytest -q tests >/dev/null 2>&1; python3 -c 'import throttle.window'; "
    result = graders.grade_in_sandbox(task, _gold(task), ran + 'test -z "$(find . -name __pycache__)"')
    assert result.reward == 1.0, (result.notes, result.output)
    compiled = graders.grade_in_sandbox(
        task, _gold(task), "python3 -m compileall -q -b throttle && git add -f throttle"
    )
    assert compiled.reward == 0.0 and any("is bytecode" in n for n in compiled.notes), compiled.notes


@pytest.mark.parametrize(
    "setup",
    [
        # the agent's own clones of its workspace redirected to another repository (red-team round 12)
        "git init -q /tmp/other && git config --global url./tmp/other.insteadOf /workspace",
        # a checkout of part of the tree: what the agent's own checkouts hold differs from the grader's
        "git config core.sparseCheckout true && mkdir -p .git/info"
        " && printf '/*\\n!/throttle/\\n' > .git/info/sparse-checkout",
    ],
    ids=["url-insteadof", "sparse-checkout"],
)
def test_configuration_that_makes_the_agents_clones_differ_is_refused(graders: Graders, setup: str) -> None:
    """Configuration under which the agent's own clones or checkouts of its work would not be the grader's is
    refused (graded 0 with the key named), even for a correct fix."""
    task = next(t for t in SUITE if t.id == "repo-throttle-window-boundary")
    result = graders.grade_in_sandbox(task, _gold(task), setup)
    assert result.reward == 0.0, (result.notes, result.output)
    assert any("differ from the grader's" in n for n in result.notes), result.notes


def test_a_replayed_episode_solves_a_repository_task(graders: Graders) -> None:
    from coderl.action import parse_action
    from coderl.guard.guarded import Guard
    from coderl.guard.stage1 import Stage1Scanner
    from coderl.replay import replay

    task = next(t for t in SUITE if t.id == "repo-throttle-window-boundary")
    fixed = solution_files(task.root)["throttle/window.py"].decode()
    actions: list[Any] = [
        parse_action({"tool": "bash", "command": "git log --oneline | wc -l"}),
        parse_action({"tool": "write_file", "path": "throttle/window.py", "content": fixed}),
        parse_action({"tool": "bash", "command": "git status --porcelain"}),
        parse_action({"tool": "submit"}),
    ]
    pool, _ = graders.pool(BASE_IMAGE)
    records = graders.loop.run_until_complete(replay(task, actions, Guard(Stage1Scanner()), pool))
    assert records[0]["observation"].strip().startswith("1")
    assert "throttle/window.py" in records[2]["observation"]
    assert records[-1]["reward"] == 1.0, records[-1]


def test_one_run_runs_one_image() -> None:
    from coderl.task import suite_image

    deps = [t for t in SUITE if t.id in ("repo-ledger-net-total", "repo-reportgen-all-columns")]
    assert suite_image(deps, BASE_IMAGE) == deps[0].image(BASE_IMAGE) != BASE_IMAGE
    assert suite_image([t for t in SUITE if t.environment is None], BASE_IMAGE) == BASE_IMAGE
    with pytest.raises(TaskError, match="need different sandbox images"):
        suite_image(SUITE, BASE_IMAGE)


def test_coderl_grade_runs_a_task_in_its_environment_image(tmp_path: Path) -> None:
    task = next(t for t in SUITE if t.id == "repo-ledger-net-total")
    workspace = _lay_out(_gold(task), tmp_path / "ws")
    proc = subprocess.run(
        [CODERL, "grade", str(task.root), "--workspace", str(workspace)], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["reward"] == 1.0 and not any(".git was gone" in n for n in result["notes"]), result["notes"]
    # the directory's own .git is what the commit is made with: a fix git is told to skip is in no commit
    _agent_git(workspace, "update-index", "--skip-worktree", "ledger/summary.py")
    proc = subprocess.run(
        [CODERL, "grade", str(task.root), "--workspace", str(workspace)], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["reward"] == 0.0, proc.stdout
    # the directory is laid out as it is and committed by its own git: a committed link is refused...
    _agent_git(workspace, "update-index", "--no-skip-worktree", "ledger/summary.py")
    (workspace / "ledger" / "alias.py").symlink_to("summary.py")
    proc = subprocess.run(
        [CODERL, "grade", str(task.root), "--workspace", str(workspace)], capture_output=True, text=True, timeout=300
    )
    graded = json.loads(proc.stdout)
    assert graded["reward"] == 0.0 and any("'ledger/alias.py' (link)" in n for n in graded["notes"]), graded
    # ...and an executable bit is graded as committed (red-team round 8: window.py keeps the bug when executable)
    throttle = next(t for t in SUITE if t.id == "repo-throttle-window-boundary")
    attack = Path(__file__).parent / "data" / "repo_redteam_round8" / "exec_bit_dropped_throttle" / "throttle"
    workspace = _lay_out(
        {**throttle.workspace, "throttle/window.py": (attack / "window.py").read_bytes()}, tmp_path / "t"
    )
    (workspace / "throttle" / "window.py").chmod(0o755)
    proc = subprocess.run(
        [CODERL, "grade", str(throttle.root), "--workspace", str(workspace)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["reward"] == 0.0, proc.stdout


# --- the SWE-bench importer --------------------------------------------------------------------------
def _upstream(tmp_path: Path, src: str = "") -> tuple[Path, dict[str, str]]:
    """A real clone ``owner__proj`` whose history holds the base, the fix and a later commit; the package
    under ``src`` (e.g. ``src/``) for a src/ layout."""
    repo = tmp_path / "repos" / "owner__proj"
    repo.mkdir(parents=True)
    env = ["-c", "user.name=u", "-c", "user.email=u@x"]
    (repo / src / "proj").mkdir(parents=True)
    (repo / src / "proj" / "__init__.py").write_text("")
    (repo / src / "proj" / "maths.py").write_text("def clamp(x, lo, hi):\n    return max(lo, x)\n")
    (repo / "tests").mkdir()
    (repo / "tests" / "conftest.py").write_text("")
    (repo / "tests" / "bounds.py").write_text("HIGH = 5\n")  # a helper module the new test imports
    (repo / "tests" / "test_maths.py").write_text(
        "from proj.maths import clamp\n\ndef test_low():\n    assert clamp(-1, 0, 5) == 0\n"
    )
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, *env, "add", "-A")
    _git(repo, *env, "commit", "-qm", "base")
    base = _git(repo, "rev-parse", "HEAD").strip()
    (repo / src / "proj" / "maths.py").write_text("def clamp(x, lo, hi):\n    return min(hi, max(lo, x))\n")
    patch = _git(repo, "diff")
    _git(repo, *env, "commit", "-qam", "the fix: SECRET-FIX-COMMIT")
    (repo / "tests" / "test_maths.py").write_text(
        "from proj.maths import clamp\n\ndef test_low():\n    assert clamp(-1, 0, 5) == 0\n\n"
        "def test_high():\n    from bounds import HIGH\n\n    assert clamp(9, 0, HIGH) == HIGH\n"
    )
    test_patch = _git(repo, "diff")
    _git(repo, *env, "commit", "-qam", "tests")
    record = {
        "instance_id": "owner__proj-1",
        "repo": "owner/proj",
        "base_commit": base,
        "patch": patch,
        "test_patch": test_patch,
        "problem_statement": "clamp ignores the upper bound",
        "FAIL_TO_PASS": json.dumps(["tests/test_maths.py::test_high"]),
        "PASS_TO_PASS": ["tests/test_maths.py::test_low"],
    }
    return repo.parent, record


_BAD_PATCH = "--- a/proj/maths.py\n+++ b/proj/maths.py\n@@ -9 +9 @@\n-x\n+y\n"


def test_swebench_import_writes_a_gradable_task_and_reports_bad_lines(tmp_path: Path, graders: Graders) -> None:
    repos, good = _upstream(tmp_path)
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "instance_id": "no-patch", "patch": None}),
        json.dumps({**good, "instance_id": "no-clone", "repo": "other/proj"}),
        json.dumps({**good, "instance_id": "bad-commit", "base_commit": "0" * 40}),
        json.dumps({**good, "instance_id": "django-style", "FAIL_TO_PASS": ["test_high (tests.MathsTest)"]}),
        json.dumps(
            {
                **good,
                "instance_id": "bad-patch",
                "patch": "--- a/proj/maths.py\n+++ b/proj/maths.py\n@@ -9 +9 @@\n-x\n+y\n",
            }
        ),
    ]
    source = tmp_path / "instances.jsonl"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "tasks"
    proc = subprocess.run(
        [CODERL, "tasks", "import", str(source), "--format", "swebench", "--repos", str(repos), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "imported 1 tasks" in proc.stdout and "6 record(s) skipped" in proc.stdout
    for line, what in [
        (2, "not valid JSON"),
        (3, "missing field 'patch'"),
        (4, "no local clone of other/proj"),
        (5, "git archive"),
        (6, "not a pytest node id"),
        (7, "patch does not apply"),
    ]:
        assert f"skipped line {line}" in proc.stderr and what in proc.stderr, (line, what, proc.stderr)
    task = load_task(out / "owner__proj-1")
    assert task.repo is not None and task.repo.base_commit == good["base_commit"]
    assert set(task.hidden) == {"tests/test_maths.py", "tests/conftest.py", "tests/bounds.py"}
    assert b"test_high" in task.hidden["tests/test_maths.py"]
    assert b"test_high" not in task.workspace["tests/test_maths.py"]
    root = _lay_out(task.workspace, tmp_path / "ws")
    assert _git(root, "log", "--all", "--format=%s").split() == ["base"]
    assert "SECRET-FIX-COMMIT" not in _git(root, "log", "--all", "--format=%B")
    assert graders.grade(task, _gold(task)).reward == 1.0
    assert graders.grade(task, dict(task.workspace)).reward == 0.0
    again = subprocess.run(
        [CODERL, "tasks", "import", str(source), "--format", "swebench", "--repos", str(repos), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert again.returncode == 2 and "--overwrite" in again.stderr  # a user's tasks are not replaced silently


def test_swebench_import_of_a_src_layout_repository(tmp_path: Path, graders: Graders) -> None:
    from coderl.suites.swebench import import_swebench

    repos, good = _upstream(tmp_path, src="src")
    (tmp_path / "i.jsonl").write_text(json.dumps(good) + "\n")
    (root,) = import_swebench(tmp_path / "i.jsonl", tmp_path / "out", repos)
    task = load_task(root)
    assert task.repo is not None and task.repo.pythonpath == ("src",)
    assert [f.relative_to(root / "solution").as_posix() for f in (root / "solution").rglob("*.py")] == [
        "src/proj/maths.py"
    ]
    assert graders.grade(task, _gold(task)).reward == 1.0
    assert graders.grade(task, dict(task.workspace)).reward == 0.0


def test_swebench_import_reads_parquet(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    repos, good = _upstream(tmp_path)
    table = pa.Table.from_pylist([good, {**good, "instance_id": "x", "repo": "no/where"}])
    pq.write_table(table, tmp_path / "i.parquet")
    from coderl.suites.swebench import import_swebench

    problems: list[str] = []
    written = import_swebench(tmp_path / "i.parquet", tmp_path / "out", repos, problems=problems)
    assert [p.name for p in written] == ["owner__proj-1"]
    assert problems == [f"line 2 (x): no local clone of no/where at {repos / 'no__where'}"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "swebench"], "needs --repos"),
        (["--format", "humaneval", "--repos", "."], "--repos is for --format swebench only"),
        (["--format", "swebench", "--repos", "/nonexistent"], "not a directory"),
    ],
)
def test_swebench_import_bad_flags_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    source = tmp_path / "i.jsonl"
    source.write_text("{}\n")
    proc = subprocess.run(
        [CODERL, "tasks", "import", str(source), *args, "--out", str(tmp_path / "o")], capture_output=True, text=True
    )
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_sandbox_build_tasks_reports_each_environment(tmp_path: Path) -> None:
    bad = subprocess.run([CODERL, "sandbox", "build", "--tasks", str(tmp_path)], capture_output=True, text=True)
    assert bad.returncode == 2 and "no task.toml found" in bad.stderr
    subset = tmp_path / "suite"
    for name in ("ledger-net-total", "reportgen-all-columns", "verlib-numeric-order"):
        shutil.copytree(REPOS / name, subset / name)
    proc = subprocess.run([CODERL, "sandbox", "build", "--tasks", str(subset)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(rows) == 1 and sorted(rows[0]["tasks"]) == ["repo-ledger-net-total", "repo-reportgen-all-columns"]
    assert rows[0]["size_mb"] > 0 and rows[0]["image"].startswith("localhost/")
    assert "1 task(s) use the base image" in proc.stderr


def test_an_environment_asking_for_another_python_fails_at_build_naming_it() -> None:
    env = dataclasses.replace(next(t.environment for t in SUITE if t.environment is not None), python="3.7")
    engine = PodmanEngine(SandboxConfig())
    try:
        from coderl.sandbox.podman import EngineError

        with pytest.raises(EngineError, match=r"asks for 3\.7"):
            build_environment(engine, env.image(BASE_IMAGE), env.key, python="3.7")
    finally:
        engine.close()


def test_an_environment_image_built_from_another_base_is_rebuilt() -> None:
    """An environment image is cached by what it installs; one built FROM an older base (the base rebuilt with a
    new git configuration, say) is stale and rebuilt, not kept: the cache key alone named the same image."""
    from coderl.sandbox.podman import EngineError

    engine = PodmanEngine(SandboxConfig())
    other_base = "localhost/coderl-test-other-base:1"
    env_image = "localhost/coderl-test-stale-env:1"
    try:
        with tempfile.TemporaryDirectory(prefix="coderl-test-base-") as tmp:  # the rootless user reads it
            context = Path(tmp)
            (context / "Containerfile").write_text(f"FROM {BASE_IMAGE}\nRUN touch /etc/coderl-other-base\n")
            context.chmod(0o755)
            (context / "Containerfile").chmod(0o644)
            engine.cli(
                "build",
                "--quiet",
                "--pull=never",
                "--network=none",
                "-t",
                other_base,
                "-f",
                str(context / "Containerfile"),
                tmp,
            )
        on_other = PodmanEngine(SandboxConfig(image=other_base))
        try:
            first = build_environment(on_other, env_image, "stale-test", setup="true")
        finally:
            on_other.close()
        assert first.built
        again = build_environment(engine, env_image, "stale-test", setup="true")  # now FROM the real base
        assert again.built, "an image built from another base was kept"
        kept = build_environment(engine, env_image, "stale-test", setup="true")
        assert not kept.built
        engine.cli("run", "--rm", "--network=none", env_image, "test", "!", "-e", "/etc/coderl-other-base")
    finally:
        for image in (env_image, other_base):
            with contextlib.suppress(EngineError):
                engine.cli("rmi", "--force", image)
        engine.close()
