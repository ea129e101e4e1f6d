"""Task suites: the bundled basic suite, the task generator, the HumanEval/MBPP importer and ``coderl tasks``.

The podman test grades every bundled reference solution (reward 1) and every untouched starting
workspace (reward 0) through the real grader, plus generated and imported tasks.
"""

from __future__ import annotations

import ast
import asyncio
import gzip
import json
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sandboxes import CODERL

from coderl.grade import Grader, GradeResult
from coderl.suites import (
    BASIC,
    FAMILIES,
    JsonlImportError,
    basic_suite,
    generate_tasks,
    import_jsonl,
    reference_solution,
    solution_files,
)
from coderl.task import TEST_FILE, Task, load_task, load_tasks

SUITE = basic_suite()

# --- hand-written JSONL samples (HumanEval and MBPP layouts), with malformed lines ---------------------

HUMANEVAL_GOOD = [
    {
        "task_id": "Demo/0",
        "prompt": 'def add_pair(a: int, b: int) -> int:\n    """Return the sum of a and b.\n    >>> add_pair(2, 3)\n'
        '    5\n    """\n',
        "canonical_solution": "    return a + b\n",
        "test": "\n\nMETADATA = {'author': 'coderl'}\n\n\ndef check(candidate):\n    assert candidate(2, 3) == 5\n"
        "    assert candidate(-1, 1) == 0\n    assert candidate(0, 0) == 0\n",
        "entry_point": "add_pair",
    },
    {
        # a helper defined in the prompt and used by the test, as in HumanEval's encode/decode pairs
        "task_id": "Demo/1",
        "prompt": "def rotate(s: str) -> str:\n    return s[1:] + s[:1]\n\n\ndef unrotate(s: str) -> str:\n"
        '    """Undo rotate: move the last character to the front."""\n',
        "canonical_solution": "    return s[-1:] + s[:-1]\n",
        "test": "def check(candidate):\n    for word in ['abc', 'x', '', 'hello']:\n"
        "        assert candidate(rotate(word)) == word\n",
        "entry_point": "unrotate",
    },
]
HUMANEVAL_BAD = {
    "missing": {"task_id": "Demo/2", "prompt": "def f():\n", "canonical_solution": "    return 1\n", "test": "x"},
    "syntax": {
        "task_id": "Demo/3",
        "prompt": "def g(x):\n",
        "canonical_solution": "    return x +\n",
        "test": "def check(candidate):\n    assert candidate(1) == 1\n",
        "entry_point": "g",
    },
    "no_check": {
        "task_id": "Demo/4",
        "prompt": "def h(x):\n",
        "canonical_solution": "    return x\n",
        "test": "def verify(candidate):\n    assert candidate(1) == 1\n",
        "entry_point": "h",
    },
}
MBPP_GOOD = [
    {
        "task_id": 1,
        "text": "Write a function to square a number.",
        "code": "def square(n):\r\n  return n * n",
        "test_list": ["assert square(3) == 9", "assert square(-2) == 4", "assert square(0) == 0"],
        "test_setup_code": "",
        "challenge_test_list": [],
    },
    {
        # a helper before the tested function, a module the tests use, and setup code
        "task_id": 2,
        "text": "Write a function to find the hypotenuse of a right triangle.",
        "code": "import math\n\ndef _sq(x):\n    return x * x\n\ndef hypotenuse(a, b):\n"
        "    return math.sqrt(_sq(a) + _sq(b))\n",
        "test_list": ["assert math.isclose(hypotenuse(3, 4), 5.0)", "assert hypotenuse(*SIDES) == 13.0"],
        "test_setup_code": "SIDES = (5, 12)",
    },
    {
        # a tested function whose name pytest would otherwise collect as a test
        "task_id": 3,
        "text": "Write a function to tell whether a list has duplicates.",
        "code": "def test_duplicate(nums):\n    return len(nums) != len(set(nums))\n",
        "test_list": ["assert test_duplicate([1, 2, 3, 1]) == True", "assert test_duplicate([1, 2, 3]) == False"],
    },
]
MBPP_BAD = {
    "syntax": {"task_id": 4, "text": "Broken.", "code": "def f(:\n    pass", "test_list": ["assert f() == 1"]},
    "no_tests": {"task_id": 5, "text": "No tests.", "code": "def f():\n    return 1", "test_list": []},
    "no_def": {"task_id": 6, "text": "No function.", "code": "x = 1", "test_list": ["assert x == 1"]},
    "bad_test": {"task_id": 7, "text": "Bad test.", "code": "def f():\n    return 1", "test_list": ["assert f( =="]},
}


def _write_jsonl(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _humaneval_file(tmp_path: Path) -> Path:
    return _write_jsonl(
        tmp_path / "humaneval.jsonl",
        [
            json.dumps(HUMANEVAL_GOOD[0]),  # line 1
            "{not json",  # line 2
            json.dumps(HUMANEVAL_BAD["missing"]),  # line 3
            "",  # line 4: blank, ignored
            json.dumps(HUMANEVAL_GOOD[1]),  # line 5
            json.dumps(HUMANEVAL_BAD["syntax"]),  # line 6
            json.dumps(HUMANEVAL_BAD["no_check"]),  # line 7
            "[1, 2]",  # line 8
        ],
    )


def _mbpp_file(tmp_path: Path) -> Path:
    return _write_jsonl(
        tmp_path / "mbpp.jsonl",
        [
            json.dumps(MBPP_GOOD[0]),  # line 1
            json.dumps(MBPP_BAD["syntax"]),  # line 2
            json.dumps(MBPP_GOOD[1]),  # line 3
            json.dumps(MBPP_BAD["no_tests"]),  # line 4
            json.dumps(MBPP_BAD["no_def"]),  # line 5
            json.dumps(MBPP_BAD["bad_test"]),  # line 6
            json.dumps(MBPP_GOOD[2]),  # line 7
        ],
    )


def _local_pytest(task_root: Path, files: dict[str, bytes], where: Path) -> subprocess.CompletedProcess:
    """Run a task's hidden tests on the host against ``files`` (a quick check that needs no container)."""
    workspace = where / "workspace"
    for rel, data in files.items():
        (workspace / rel).parent.mkdir(parents=True, exist_ok=True)
        (workspace / rel).write_bytes(data)
    shutil.copytree(task_root / "hidden", where / "hidden")
    (where / "pytest.ini").write_text("[pytest]\n")
    argv = [sys.executable, "-B", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
    argv += ["-c", str(where / "pytest.ini"), "--rootdir", str(where), str(where / "hidden")]
    return subprocess.run(
        argv,
        cwd=workspace,
        env={"PYTHONPATH": str(workspace), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _assert_solves(task_root: Path, tmp_path: Path) -> None:
    """The reference passes the hidden tests and the starting workspace fails them (host pytest)."""
    good = _local_pytest(task_root, solution_files(task_root), tmp_path / "good")
    assert good.returncode == 0, good.stdout[-2000:]
    stub = _local_pytest(task_root, dict(load_task(task_root).workspace), tmp_path / "stub")
    assert stub.returncode == 1 and " passed" not in stub.stdout.splitlines()[-1], stub.stdout[-2000:]


# --- the bundled suite ---------------------------------------------------------------------------------


def test_basic_suite_has_enough_valid_tasks():
    assert len(SUITE) >= 40
    ids = [t.id for t in SUITE]
    assert len(set(ids)) == len(ids)
    assert load_tasks(BASIC) == SUITE
    for task in SUITE:
        assert task.id == task.root.name
        assert task.meta["difficulty"] in ("easy", "medium", "hard"), task.id
        tags = task.meta["tags"]
        assert tags and all(isinstance(t, str) and t for t in tags), task.id
    difficulties = [t.meta["difficulty"] for t in SUITE]
    assert {d: difficulties.count(d) >= 5 for d in ("easy", "medium", "hard")} == {
        "easy": True,
        "medium": True,
        "hard": True,
    }
    assert sum("multi-file" in t.meta["tags"] for t in SUITE) >= 3


@pytest.mark.parametrize("task", SUITE, ids=lambda t: t.id)
def test_bundled_task_layout(task: Task):
    root = task.root
    solution = reference_solution(root)
    assert solution, f"{task.id}: empty solution/"
    for rel, text in solution.items():
        ast.parse(text, rel)
        if rel in task.workspace:
            assert task.workspace[rel] != text.encode(), f"{task.id}: solution/{rel} repeats the workspace file"
    visible = [p for p in task.workspace if p.startswith("tests/") and TEST_FILE.fullmatch(p)]
    assert visible, f"{task.id}: no visible test under workspace/tests/"
    assert any(TEST_FILE.fullmatch(p) for p in task.hidden)
    stubs = [p for p in task.workspace if p.endswith(".py") and not p.startswith("tests/")]
    assert any(b"raise NotImplementedError" in task.workspace[p] for p in stubs), task.id
    for rel, data in task.workspace.items():
        ast.parse(data, rel)
    for rel, data in task.hidden.items():
        source = data.decode()
        ast.parse(source, rel)
        assert "approx(" not in source, "hidden tests compare plain values (strict equality)"
    files = solution_files(root)
    assert set(files) == set(task.workspace) | set(solution)
    assert all(files[rel] == text.encode() for rel, text in solution.items())
    assert task.prompt.strip() and any(Path(p).name in task.prompt for p in solution)


def test_solution_files_needs_a_solution(tmp_path):
    shutil.copytree(BASIC / "fibonacci", tmp_path / "task")
    shutil.rmtree(tmp_path / "task" / "solution")
    with pytest.raises(FileNotFoundError, match="no solution"):
        solution_files(tmp_path / "task")
    with pytest.raises(FileNotFoundError, match="no solution"):
        reference_solution(tmp_path / "task")


# --- generator -------------------------------------------------------------------------------------------


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# the one-file families; the multi-turn ``trail`` family (notes, demonstrations) has its own tests in
# tests/test_study_critic.py
@pytest.mark.parametrize("family", sorted(f for f in FAMILIES if f != "trail"))
def test_generator_is_deterministic_and_valid(tmp_path, family):
    first = generate_tasks(tmp_path / "a", 12, seed=7, family=family)
    generate_tasks(tmp_path / "b", 12, seed=7, family=family)
    assert [p.name for p in first] == [f"{family}_s7_{i:04d}" for i in range(12)]
    assert _tree(tmp_path / "a") == _tree(tmp_path / "b")
    prefix = generate_tasks(tmp_path / "c", 5, seed=7, family=family)
    first_five = {f"{family}_s7_{i:04d}" for i in range(5)}
    assert _tree(tmp_path / "c") == {k: v for k, v in _tree(tmp_path / "a").items() if k.split("/")[0] in first_five}
    other = generate_tasks(tmp_path / "d", 12, seed=8, family=family)
    prompts = [load_task(p).prompt for p in first]
    assert prompts != [load_task(p).prompt for p in other]
    tasks = load_tasks(tmp_path / "a")
    assert [t.id for t in tasks] == [p.name for p in first] and len(prefix) == 5
    for task in tasks:
        assert task.meta["tags"] == ["generated", family] and task.meta["difficulty"] == "easy"
        assert task.workspace == {"solution.py": task.workspace["solution.py"]}
        assert b"raise NotImplementedError" in task.workspace["solution.py"]
        assert set(reference_solution(task.root)) == {"solution.py"}


def test_generated_prompts_and_solutions_follow_the_template(tmp_path):
    for task_dir in generate_tasks(tmp_path, 20, seed=3, family="affine"):
        prompt = load_task(task_dir).prompt
        match = re.fullmatch(r"Write solution\.py defining f\(x\) that returns x \* (\d) \+ (\d)\.", prompt)
        assert match, prompt
        a, b = match.groups()
        assert reference_solution(task_dir) == {"solution.py": f"def f(x):\n    return x * {a} + {b}\n"}
    for task_dir in generate_tasks(tmp_path / "const", 20, seed=3, family="constant"):
        prompt = load_task(task_dir).prompt
        value = re.fullmatch(r"Write solution\.py defining f\(\) that returns (.+)\.", prompt).group(1)
        assert reference_solution(task_dir) == {"solution.py": f"def f():\n    return {value}\n"}
    for task_dir in generate_tasks(tmp_path / "concat", 5, seed=3, family="concat"):
        prompt = load_task(task_dir).prompt
        suffix = re.fullmatch(r"Write solution\.py defining f\(s\) that returns s \+ ('\w+')\.", prompt)
        assert suffix and reference_solution(task_dir)["solution.py"].endswith(f"return s + {suffix.group(1)}\n")


def test_generator_rejects_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="unknown task family"):
        generate_tasks(tmp_path, 1, family="nope")
    with pytest.raises(ValueError, match="n must be"):
        generate_tasks(tmp_path, -1)
    assert generate_tasks(tmp_path, 0) == []
    (tmp_path / "affine_s0_0000").mkdir()
    (tmp_path / "affine_s0_0000" / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError):
        generate_tasks(tmp_path, 1)
    assert (tmp_path / "affine_s0_0000" / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_generated_reference_passes_and_stub_fails(tmp_path, family):
    (task_dir,) = generate_tasks(tmp_path / "tasks", 1, seed=11, family=family)
    _assert_solves(task_dir, tmp_path)


# --- importer ----------------------------------------------------------------------------------------------


def test_import_humaneval(tmp_path):
    problems: list[str] = []
    paths = import_jsonl(_humaneval_file(tmp_path), tmp_path / "out", "humaneval", problems=problems)
    assert [p.name for p in paths] == ["Demo_0", "Demo_1"]
    assert [p.split(":")[0] for p in problems] == [
        "line 2",
        "line 3 (Demo/2)",
        "line 6 (Demo/3)",
        "line 7 (Demo/4)",
        "line 8",
    ]
    text = "\n".join(problems)
    assert "not valid JSON" in text and "missing field 'entry_point'" in text and "not valid Python" in text
    assert "check(candidate)" in text and "expected a JSON object" in text
    tasks = load_tasks(tmp_path / "out")
    first = tasks[0]
    assert first.id == "Demo_0" and first.meta["tags"] == ["humaneval"] and "add_pair" in first.prompt
    stub = first.workspace["solution.py"].decode()
    assert stub == HUMANEVAL_GOOD[0]["prompt"] + "    raise NotImplementedError\n"
    reference = reference_solution(first.root)["solution.py"]
    assert reference == HUMANEVAL_GOOD[0]["prompt"] + HUMANEVAL_GOOD[0]["canonical_solution"]
    hidden = first.hidden["test_hidden.py"].decode()
    assert "from solution import add_pair" in hidden and hidden.endswith("def test_check():\n    check(add_pair)\n")
    for task in tasks:
        _assert_solves(task.root, tmp_path / task.id)


def test_import_mbpp(tmp_path):
    problems: list[str] = []
    paths = import_jsonl(_mbpp_file(tmp_path), tmp_path / "out", "mbpp", problems=problems)
    assert [p.name for p in paths] == ["mbpp_1", "mbpp_2", "mbpp_3"]
    assert [p.split(":")[0] for p in problems] == ["line 2 (4)", "line 4 (5)", "line 5 (6)", "line 6 (7)"]
    text = "\n".join(problems)
    assert "code is not valid Python" in text and "test_list must be" in text and "no top-level function" in text
    assert "test_list[0] is not valid Python" in text
    square, hyp, dup = load_tasks(tmp_path / "out")
    assert square.workspace["solution.py"].decode().startswith("def square(n):\n")
    assert "Write a function to square a number." in square.workspace["solution.py"].decode()
    assert "`square(n)`" in square.prompt and "assert square(3) == 9" in square.prompt
    assert "\r" not in reference_solution(square.root)["solution.py"]
    hidden = square.hidden["test_hidden.py"].decode()
    assert [n for n in re.findall(r"def (test_\w+)", hidden)] == ["test_1", "test_2", "test_3"]
    hyp_stub = hyp.workspace["solution.py"].decode()
    assert "import math" in hyp_stub and "def hypotenuse(a, b):" in hyp_stub and "return" not in hyp_stub
    assert "SIDES = (5, 12)" in hyp.hidden["test_hidden.py"].decode()
    assert "test_duplicate.__test__ = False" in dup.hidden["test_hidden.py"].decode()
    for task in (square, hyp, dup):
        _assert_solves(task.root, tmp_path / task.id)


def test_import_limit_gzip_and_duplicate_ids(tmp_path):
    source = tmp_path / "mbpp.jsonl.gz"
    lines = [json.dumps(MBPP_GOOD[0]), json.dumps(MBPP_GOOD[0]), json.dumps(MBPP_GOOD[2])]
    with gzip.open(source, "wt", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    paths = import_jsonl(source, tmp_path / "all", "mbpp")
    assert [p.name for p in paths] == ["mbpp_1", "mbpp_1_2", "mbpp_3"]
    assert [p.name for p in import_jsonl(source, tmp_path / "two", "mbpp", limit=2)] == ["mbpp_1", "mbpp_1_2"]
    assert import_jsonl(source, tmp_path / "none", "mbpp", limit=0) == []
    again = import_jsonl(source, tmp_path / "all", "mbpp")  # re-importing replaces the earlier tasks
    assert again == paths and len(load_tasks(tmp_path / "all")) == 3


def test_import_all_bad_or_empty_raises(tmp_path, caplog):
    bad = _write_jsonl(tmp_path / "bad.jsonl", ["nope", json.dumps(MBPP_BAD["syntax"])])
    with pytest.raises(JsonlImportError) as info:
        import_jsonl(bad, tmp_path / "out", "mbpp")
    assert [p.split(":")[0] for p in info.value.problems] == ["line 1", "line 2 (4)"]
    assert "line 2 (4)" in str(info.value)
    empty = _write_jsonl(tmp_path / "empty.jsonl", [""])
    with pytest.raises(JsonlImportError, match="no records"):
        import_jsonl(empty, tmp_path / "out", "humaneval")
    with pytest.raises(ValueError, match="unknown format"):
        import_jsonl(bad, tmp_path / "out", "apps")  # type: ignore[arg-type]
    mixed = _write_jsonl(tmp_path / "mixed.jsonl", [json.dumps(MBPP_GOOD[0]), "nope"])
    with caplog.at_level(logging.WARNING, logger="coderl.suites.importer"):
        assert len(import_jsonl(mixed, tmp_path / "mixed", "mbpp")) == 1
    assert "line 2: not valid JSON" in caplog.text
    wrong_format = _write_jsonl(tmp_path / "he.jsonl", [json.dumps(HUMANEVAL_GOOD[0])])
    with pytest.raises(JsonlImportError, match="missing field 'text'"):
        import_jsonl(wrong_format, tmp_path / "out", "mbpp")


# --- coderl tasks ----------------------------------------------------------------------------------------


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([CODERL, "tasks", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(proc: subprocess.Popen) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=180)
    return proc.returncode, out, err


def test_cli(tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(BASIC / "fibonacci", bad / "fibonacci")
    shutil.copytree(BASIC / "factorial", bad / "factorial_a")
    shutil.copytree(BASIC / "factorial", bad / "factorial_b")
    (bad / "fibonacci" / "task.toml").write_text('id = "fibonacci"\n')
    all_bad = _write_jsonl(tmp_path / "all_bad.jsonl", ["nope"])
    gen = tmp_path / "gen"
    # independent commands run side by side: each one pays for importing coderl
    procs = {
        "list": _start("list"),
        "check_basic": _start("check", str(BASIC)),
        "check_bad": _start("check", str(bad)),
        "generate": _start("generate", "--out", str(gen), "-n", "4", "--seed", "5", "--family", "constant"),
        "import": _start("import", str(_mbpp_file(tmp_path)), "--format", "mbpp", "--out", str(tmp_path / "imp")),
        "import_bad": _start("import", str(all_bad), "--format", "humaneval", "--out", str(tmp_path / "x")),
    }
    results = {name: _finish(proc) for name, proc in procs.items()}

    code, out, err = results["list"]
    assert code == 0, err
    rows = [line.split() for line in out.splitlines()]
    assert len(rows) == len(SUITE) and ["lru_cache", "hard", "classes,state,data-structures"] in rows
    code, out, _ = results["check_basic"]
    assert code == 0 and f"{len(SUITE)} tasks OK" in out
    code, out, _ = results["check_bad"]
    assert code == 1 and "fibonacci/task.toml: prompt: missing or empty" in out
    assert "duplicate task id 'factorial'" in out
    code, out, err = results["generate"]
    assert code == 0 and "wrote 4 constant tasks" in out, err
    code, out, err = results["import"]
    assert code == 0 and "imported 3 tasks" in out and "skipped line 2 (4)" in err
    code, _, err = results["import_bad"]
    assert code == 2 and "line 1: not valid JSON" in err

    code, out, err = _finish(_start("list", str(gen)))
    assert code == 0 and out.splitlines()[0].split() == ["constant_s5_0000", "easy", "generated,constant"], err


# --- real grading (podman) -------------------------------------------------------------------------------


@pytest.mark.podman
def test_references_earn_one_and_starting_workspaces_zero(live_pool, tmp_path):
    generated = [
        load_task(p) for family in sorted(FAMILIES) for p in generate_tasks(tmp_path / family, 2, seed=1, family=family)
    ]
    import_jsonl(_humaneval_file(tmp_path), tmp_path / "he", "humaneval", problems=[])
    import_jsonl(_mbpp_file(tmp_path), tmp_path / "mbpp", "mbpp", problems=[])
    tasks = [*SUITE, *generated, *load_tasks(tmp_path / "he"), *load_tasks(tmp_path / "mbpp")]
    jobs = [(task, solution_files(task.root), 1.0) for task in tasks]
    jobs += [(task, dict(task.workspace), 0.0) for task in tasks]
    grader = Grader(live_pool.pool)
    gate = asyncio.Semaphore(2)  # the pool's size: fresh grading containers are not pooled, so cap them here

    async def expected(task: Task) -> list[str]:
        async with gate:
            return await grader.expected_tests(task)

    async def grade(task: Task, files: dict[str, bytes]) -> GradeResult:
        async with gate:
            return await grader.grade(task, files)

    async def run_all() -> tuple[list[list[str]], list[GradeResult]]:
        collected = await asyncio.gather(*(expected(task) for task in tasks))  # once per task, then cached
        return collected, await asyncio.gather(*(grade(task, files) for task, files, _ in jobs))

    collected, results = live_pool.run(run_all())
    counts = {task.id: len(ids) for task, ids in zip(tasks, collected, strict=True)}
    few = {i: n for i, n in counts.items() if i in {t.id for t in SUITE} and not 5 <= n <= 40}
    assert not few, f"bundled tasks should have 5-40 hidden test cases: {few}"
    wrong = [
        f"{task.id} ({'reference' if want else 'starting workspace'}): reward {r.reward}, "
        f"passed {r.passed}/{r.expected}, failed {r.failed}, errors {r.errors}, notes {r.notes}"
        for (task, _, want), r in zip(jobs, results, strict=True)
        if r.reward != want
    ]
    assert not wrong, "\n".join(wrong)
    references = results[: len(tasks)]
    assert all(r.passed == r.expected == counts[r.task] and not r.notes for r in references)
    assert all(r.passed == 0 for r in results[len(tasks) :])


def test_humaneval_prompt_helpers_are_the_tasks_own_in_the_hidden_test(tmp_path):
    """A check that calls a helper of the prompt must not take the agent's redefinition of it."""
    record = {
        "task_id": "Demo/9",
        "prompt": ('import string\n\ndef encode(s):\n    return s[::-1]\n\ndef decode(s):\n    """Undo encode."""\n'),
        "canonical_solution": "    return s[::-1]\n",
        "test": "def check(candidate):\n    assert candidate(encode('abc')) == 'abc'\n",
        "entry_point": "decode",
    }
    data = tmp_path / "he.jsonl"
    data.write_text(json.dumps(record) + "\n")
    (path,) = import_jsonl(data, tmp_path / "out", "humaneval")
    hidden = (path / "hidden" / "test_hidden.py").read_text()
    assert "def encode(s):" in hidden and "import string" in hidden and "def decode" not in hidden


@pytest.mark.podman
def test_check_collect_names_tasks_whose_hidden_tests_cannot_be_collected(tmp_path):
    """`tasks check --collect` collects each hidden suite in a sandbox: a task whose tests import a module
    that does not exist loads fine (plain `check` passes it) but is reported by name, exit 1."""
    suite = tmp_path / "suite"
    shutil.copytree(BASIC / "anagrams", suite / "anagrams")
    shutil.copytree(BASIC / "factorial", suite / "broken")
    toml = suite / "broken" / "task.toml"
    toml.write_text(re.sub(r'(?m)^id = ".*"$', 'id = "broken"', toml.read_text()))
    for test in (suite / "broken" / "hidden").rglob("test_*.py"):
        test.write_text("import no_such_module_xyz\n\n\ndef test_x():\n    assert True\n")
    plain = subprocess.run([CODERL, "tasks", "check", str(suite)], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0, plain.stderr  # the loader cannot see it
    done = subprocess.run(
        [CODERL, "tasks", "check", str(suite), "--collect", "--sandboxes", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "broken: hidden tests cannot be collected" in done.stdout and "no_such_module_xyz" in done.stdout
    assert "anagrams" not in done.stdout and "1 of 2 task(s) cannot be graded" in done.stderr
    shutil.rmtree(suite / "broken")
    done = subprocess.run(
        [CODERL, "tasks", "check", str(suite), "--collect"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0 and "1 tasks OK" in done.stdout and "collected in a sandbox" in done.stdout
