"""What the grading boundary costs: one call across it, and one whole grade in a fresh container.

- ``boundary call``: a hidden test calling ``f(x)`` of the agent's module. Side by side: the call in one
  process (what the old, forgeable grader did), a raw pipe round trip of the same bytes between two
  threads (the bound for any design that keeps the agent's code in another process), and coderl's
  boundary (encode, frame, the worker's dispatch, decode). Here the worker runs in a thread of this
  process over real pipes; in grading it is another process under another uid.
- ``grade fizzbuzz``: ``Grader.grade`` (fresh container, trusted test process plus worker) against the
  same pytest run in one process in a fresh container (the old design's cost).
"""

from __future__ import annotations

import os
import sys
import threading

import pytest
from sandboxes import TASKS, LivePool

from coderl.grade import Grader, remote
from coderl.grade.grader import GRADING_DIR
from coderl.grade.worker import Worker
from coderl.task import load_task

MODULE = "def f(x):\n    return x + 1\n"


@pytest.fixture(scope="module")
def boundary(tmp_path_factory):
    root = tmp_path_factory.mktemp("agent")
    (root / "bench_agent_mod.py").write_text(MODULE)
    sys.path.insert(0, str(root))
    to_w_r, to_w_w = os.pipe()
    from_w_r, from_w_w = os.pipe()
    thread = threading.Thread(target=Worker(to_w_r, from_w_w).serve, daemon=True)
    thread.start()
    b = remote.Boundary(from_w_r, to_w_w)
    remote._BOUNDARY = b
    yield b
    os.close(to_w_w)
    thread.join(5)
    remote._BOUNDARY = None
    sys.path.remove(str(root))


def _info(benchmark, group: str, impl: str, compare: list[str]) -> None:
    benchmark.group = group
    benchmark.extra_info.update(impl=impl, device="cpu", compare_to=compare)


def test_call_in_process(benchmark, boundary):
    import bench_agent_mod

    _info(benchmark, "boundary call f(x) -> int", "in one process (forgeable)", [])
    assert benchmark(bench_agent_mod.f, 41) == 42


def test_raw_pipe_round_trip(benchmark):
    a_r, a_w = os.pipe()
    b_r, b_w = os.pipe()
    message = b'\x00\x00\x00\x2a{"op":"call","id":3,"args":[41],"kwargs":{}}'

    def echo() -> None:
        while data := os.read(a_r, 4096):
            os.write(b_w, data)

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()

    def round_trip() -> bytes:
        os.write(a_w, message)
        return os.read(b_r, 4096)

    _info(benchmark, "boundary call f(x) -> int", "raw pipe round trip (bound)", [])
    assert benchmark(round_trip) == message
    os.close(a_w)
    thread.join(5)


def test_call_across_the_boundary(benchmark, boundary):
    f = boundary.request("import", name="bench_agent_mod").f
    _info(
        benchmark,
        "boundary call f(x) -> int",
        "coderl boundary",
        ["in one process (forgeable)", "raw pipe round trip (bound)"],
    )
    assert benchmark(f, 41) == 42


@pytest.fixture(scope="module")
def live():
    pool = LivePool(size=1)
    yield pool
    pool.close()


FIZZ = load_task(TASKS / "fizzbuzz")
FILES = {**FIZZ.workspace, "fizzbuzz.py": (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()}


@pytest.mark.podman
def test_grade_with_boundary(benchmark, live):
    grader = Grader(live.pool)
    live.run(grader.expected_tests(FIZZ))  # collected once per task, as in training
    _info(benchmark, "grade fizzbuzz (8 tests, fresh container)", "coderl grade (boundary)", ["pytest in one process"])
    result = benchmark.pedantic(lambda: live.run(grader.grade(FIZZ, FILES)), rounds=10, iterations=1, warmup_rounds=1)
    assert result.reward == 1.0


@pytest.mark.podman
def test_pytest_in_one_process(benchmark, live):
    hidden = {f"hidden/{k}": v for k, v in FIZZ.hidden.items()}

    async def one() -> int:
        async with live.pool.fresh() as sandbox:
            await sandbox.write_files(hidden, GRADING_DIR)
            await sandbox.write_files(FILES)
            argv = ["python3", "-B", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{GRADING_DIR}/hidden"]
            return (await sandbox.run(argv, env={"PYTHONPATH": "/workspace"})).exit_code

    _info(benchmark, "grade fizzbuzz (8 tests, fresh container)", "pytest in one process", [])
    assert benchmark.pedantic(lambda: live.run(one()), rounds=10, iterations=1, warmup_rounds=1) == 0
