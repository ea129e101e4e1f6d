"""The grading boundary: the verdict holds against the agent's code on its own (no stage-1 scanner here).

The hidden tests run in a trusted process under the grader's uid; the agent's code runs in a worker
under the sandbox uid; only plain data crosses. Every cheat below is a wrong solution plus a trick from
issue 12's findings and our own red-team: each must get reward 0. Every honest variant (other value
types that are equal as plain data, threads, prints, helper modules) must get 1.
"""

from __future__ import annotations

import ast
import datetime
import decimal
import enum
import fractions
import math
import typing
from collections import Counter, OrderedDict

import pytest
from sandboxes import TASKS

from coderl.grade import Grader
from coderl.grade.hidden import bound_names, rewrite_hidden
from coderl.grade.wire import REFS, Codec, WireError
from coderl.task import load_task

TASK = load_task(TASKS / "boundary")
LENDING = load_task(TASKS / "lending")
REFERENCE = (TASKS / "boundary" / "solution" / "solution.py").read_text()

# Every function wrong (returns None), the classes as in the stub: the base of every cheat.
WRONG = """
class SolutionError(ValueError):
    pass
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
def _none(*a, **k):
    return None
counts = pair = unique = mean = half = cents = keys = level = shift = _none
parse_positive = sort_in_place = apply_all = squares = greet = largest = _none
"""


def _files(solution: str) -> dict[str, bytes]:
    files = dict(TASK.workspace)
    files["solution.py"] = solution.encode()
    return files


# --- pure parts ------------------------------------------------------------------------------------


def _pair() -> tuple[Codec, Codec]:
    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    trusted = Codec("t", lambda d: ("proxy", d["id"]), flatten_subclasses=False)
    return worker, trusted


@pytest.mark.parametrize(
    "value, expected",
    [
        (Counter("aab"), {"a": 2, "b": 1}),
        (OrderedDict(a=1), {"a": 1}),
        ((1, [2.5, {3}], frozenset({4})), (1, [2.5, {3}], frozenset({4}))),
        (fractions.Fraction(3, 2), fractions.Fraction(3, 2)),
        (decimal.Decimal("1.10"), decimal.Decimal("1.10")),
        ({"a": 1}.keys(), {"a"}),
        (datetime.date(2026, 12, 1), datetime.date(2026, 12, 1)),
        (10**40, 10**40),
        (float("inf"), float("inf")),
        (b"\x00\xff", b"\x00\xff"),
        (range(1, 9, 2), range(1, 9, 2)),
    ],
)
def test_plain_data_crosses_as_real_builtins(value, expected):
    worker, trusted = _pair()
    got = trusted.decode(worker.encode(value))
    assert got == expected
    assert type(got).__module__ in ("builtins", "fractions", "decimal", "datetime")


class _LyingDecimal(decimal.Decimal):
    def __str__(self):
        return "107.10"  # what the test expects; the value is another (red-team round 5)

    def __repr__(self):
        return "Decimal('107.10')"


class _LyingFraction(fractions.Fraction):
    @property
    def numerator(self):
        return 1


class _LyingDate(datetime.date):
    def isoformat(self):
        return "2026-01-01"


class _LyingDelta(datetime.timedelta):
    @property
    def days(self):
        return 0


@pytest.mark.parametrize(
    "value", [_LyingDecimal("99.00"), _LyingFraction(3, 2), _LyingDate(2026, 12, 1), _LyingDelta(days=3)]
)
def test_value_type_subclasses_that_behave_otherwise_cross_by_reference(value):
    """Round 5's Decimal printed the expected figure over another value; round 19's held the fix as its value
    and showed the bug in everything else a caller sees. Neither crosses as a plain value."""
    worker, trusted = _pair()
    assert trusted.decode(worker.encode(value))[0] == "proxy"


class _Money(decimal.Decimal):
    def cents(self):
        return int(self * 100)


class _Rows(list):
    def widths(self):
        return [len(r) for r in self]


class _Level(enum.IntEnum):
    LOW = 1


class _Colour(enum.StrEnum):
    RED = "red"


class _Perm(enum.IntFlag):
    R = 4


class _Point(typing.NamedTuple):
    x: int
    y: int = 0


class _Tally(Counter):
    def top(self):
        return self.most_common(1)


class _Stamp(datetime.datetime):
    def label(self):
        return self.isoformat()


@pytest.mark.parametrize(
    "value, expected",
    [
        (_Money("1.50"), decimal.Decimal("1.50")),
        (_Rows([[1, 2]]), [[1, 2]]),
        (_Level.LOW, 1),
        (_Colour.RED, "red"),
        (_Perm.R, 4),
        (_Point(1), (1, 0)),
        (_Tally("aab"), {"a": 2, "b": 1}),
        (_Stamp(2026, 12, 7, 15), datetime.datetime(2026, 12, 7, 15)),
    ],
)
def test_subclasses_that_only_add_methods_cross_as_their_plain_value(value, expected):
    """Honest subclasses (methods of their own, the standard library's enums, namedtuples and Counter) are equal
    to their plain value as plain data."""
    worker, trusted = _pair()
    got = trusted.decode(worker.encode(value))
    assert got == expected and type(got) is type(expected)


def test_an_instance_attribute_over_a_method_of_the_plain_type_crosses_by_reference():
    rows = _Rows([1])
    rows.count = lambda x: 9  # what a caller's rows.count(1) answers
    worker, trusted = _pair()
    assert trusted.decode(worker.encode(rows))[0] == "proxy"


def _arrive(receiver: Codec, encoded: object) -> object:
    """What a frame does: the message is walked for references (held until it is handled), then decoded."""
    message = {"value": encoded, REFS: True}
    receiver.incoming(message)
    try:
        return receiver.decode(message["value"])
    finally:
        receiver.unpin()


def test_a_proxy_that_dies_lets_the_other_side_free_its_object():
    """Red-team round 19 kept the fix on while a test's temporary object lived (a WeakSet of them): the worker
    held every object it had sent. Now the trusted side's proxy dying releases it, on the next message."""
    import gc
    import weakref

    class Stock:
        pass

    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    trusted = Codec("t", lambda d: type("Proxy", (), {})(), flatten_subclasses=False)
    alive: weakref.WeakSet = weakref.WeakSet()
    stock = Stock()
    alive.add(stock)
    proxy = _arrive(trusted, worker.encode(stock))
    again = _arrive(trusted, worker.encode(stock))  # sent twice, one proxy
    assert again is proxy
    del stock, again
    gc.collect()
    assert len(alive) == 1  # the worker holds it while the test holds the proxy
    worker.incoming(trusted.outgoing({}))
    assert len(alive) == 1
    del proxy
    message = trusted.outgoing({})
    assert message["release"] == [[1, 2]]
    worker.incoming(message)
    assert len(alive) == 0  # freed as in one process
    with pytest.raises(WireError):
        worker.local(1)


def test_an_object_sent_again_after_its_proxy_died_stays_for_the_new_proxy():
    class Thing:
        pass

    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    trusted = Codec("t", lambda d: type("Proxy", (), {})(), flatten_subclasses=False)
    thing = Thing()
    first = _arrive(trusted, worker.encode(thing))
    del first  # its release is still to be sent when the worker sends the object again
    second = _arrive(trusted, worker.encode(thing))
    worker.incoming(trusted.outgoing({}))
    assert worker.local(1) is thing  # the second proxy still holds it
    del second
    worker.incoming(trusted.outgoing({}))
    with pytest.raises(WireError):
        worker.local(1)
    with pytest.raises(WireError):
        worker.incoming({"release": [["1", 2]]})


def test_a_reference_nobody_decodes_is_released_once_its_message_is_handled():
    """Round 20 kept an object alive in a field the trusted side never decoded (an exception group's arguments)."""

    class Limiter:
        pass

    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    trusted = Codec("t", lambda d: type("Proxy", (), {})(), flatten_subclasses=False)
    limiter = Limiter()
    message = {"value": None, "unread": [worker.encode(limiter)], REFS: True}
    trusted.incoming(message)
    trusted.unpin()
    worker.incoming(trusted.outgoing({}))
    with pytest.raises(WireError):
        worker.local(1)


def test_a_reply_that_cannot_be_sent_gives_back_what_it_counted():
    class Limiter:
        pass

    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    worker.begin_message()
    worker.encode(Limiter())
    worker.message_lost()
    with pytest.raises(WireError):
        worker.local(1)


def test_lying_objects_cross_by_reference_only():
    class Liar(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    class AlwaysEqual:
        def __eq__(self, other):
            return True

    worker, trusted = _pair()
    assert trusted.decode(worker.encode(Liar("x")))[0] == "proxy"  # a str that is not one to its callers
    assert trusted.decode(worker.encode(AlwaysEqual()))[0] == "proxy"  # anything else: a reference


def test_malformed_values_are_wire_errors():
    _, trusted = _pair()
    for bad in (
        {"$": "nope"},
        {"$": "fraction", "v": [1.5, 2]},
        {"$": "float", "v": "1e400"},
        {"$": "bytes", "v": "!"},
    ):
        with pytest.raises(WireError):
            trusted.decode(bad)


def test_star_import_rewrite_binds_only_names_the_test_reads_and_does_not_bind():
    source = (
        "import math\nfrom pytest import approx\nfrom solution import *\n\n"
        "def helper():\n    pass\n\ndef test_x():\n    assert f(1) == approx(2) and helper() is None\n"
    )
    text, count = rewrite_hidden(source)
    assert count == 1
    call = ast.parse(text).body[2]
    assert isinstance(call, ast.Expr) and "import_star" in ast.unparse(call)
    wanted = ast.literal_eval(ast.unparse(call.value.args[2].args[0]))  # frozenset([...]) of the call
    assert wanted == ["f"]  # not approx, helper, math, setup_module, pytestmark ...
    assert {"math", "approx", "helper", "test_x"} <= bound_names(ast.parse(source))
    assert rewrite_hidden("from . import *\n") == ("from . import *\n", 0)


# --- the proxies' rules, against a worker in a thread over real pipes -----------------------------------


@pytest.fixture
def proxies(tmp_path):
    """A boundary to a worker thread serving a module of the agent's."""
    import os
    import sys
    import threading

    from coderl.grade import remote
    from coderl.grade.worker import Worker

    (tmp_path / "agent_mod.py").write_text(
        "class Box:\n    def __init__(self, v):\n        self.v = v\n"
        "    def __contains__(self, x):\n        return True\n"
        "class Liar:\n    __contains__ = lambda s, x: True\n    __eq__ = lambda s, o: True\n    __hash__ = None\n"
        "def make(v):\n    return Box(v)\ndef liar():\n    return Liar()\n"
        "def poke(obj, name):\n    return getattr(obj, name)\n"
        "def first(it):\n    return next(it)\n"
        "def call(fn, *a):\n    return fn(*a)\n"
    )
    sys.path.insert(0, str(tmp_path))
    to_w_r, to_w_w = os.pipe()
    from_w_r, from_w_w = os.pipe()
    thread = threading.Thread(target=Worker(to_w_r, from_w_w).serve, daemon=True)
    thread.start()
    boundary = remote.Boundary(from_w_r, to_w_w, tests_dir=str(__file__))
    remote._BOUNDARY = boundary
    yield boundary.request("import", name="agent_mod")
    os.close(to_w_w)
    thread.join(5)
    remote._BOUNDARY = None
    sys.path.remove(str(tmp_path))
    sys.modules.pop("agent_mod", None)


class Counter3:
    """A test-defined class: its instances may be lent to the agent's code."""

    reads = 0

    def __getitem__(self, i):
        Counter3.reads += 1
        return i


def test_objects_of_the_agent_compare_by_identity_only(proxies):
    a, b = proxies.make(1), proxies.make(1)
    assert a == a and a != 1 and a != (1,)
    with pytest.raises(TypeError, match="cannot be compared"):
        _ = a == b
    with pytest.raises(TypeError, match="ordered"):
        _ = a < b
    with pytest.raises(TypeError, match="plain data"):
        _ = a + 1


def test_membership_asks_only_objects_the_test_made(proxies):
    made = proxies.Box(1)  # the test made it from the agent's class: its __contains__ is its API
    assert 7 in made
    with pytest.raises(TypeError, match="not iterable"):
        _ = 7 in proxies.liar()  # returned where plain data was expected: never shown the probe


def test_the_agent_may_use_test_objects_only_within_their_capability(proxies):
    import sys

    gen = (x for x in range(3))
    assert proxies.first(gen) == 0
    for name in ("gi_frame", "gi_code", "send"):
        with pytest.raises(TypeError, match="not allowed"):
            proxies.poke(gen, name)  # an iterator lends next() only
    with pytest.raises(TypeError, match="not allowed"):
        proxies.poke(lambda: 1, "__globals__")  # a function lends calls only
    assert proxies.call(lambda x: x * 2, 21) == 42
    counter = Counter3()
    assert proxies.call(counter.__getitem__, 5) == 5 and Counter3.reads == 1
    with pytest.raises(AttributeError, match="private"):
        proxies.poke(counter, "__dict__")
    with pytest.raises(TypeError, match="cannot be passed"):
        proxies.call(len, sys.modules[__name__])  # a module is never lent
    with pytest.raises(TypeError, match="cannot be passed"):
        proxies.call(len, pytest.MonkeyPatch())  # nor library objects


# --- real containers: honest variants get 1 ------------------------------------------------------------

HONEST = {
    "reference": REFERENCE,
    "other-types": REFERENCE.replace("return out\n", "import collections\n    return collections.Counter(out)\n", 1)
    .replace("return (n, n * n)", "import collections\n    return collections.namedtuple('P', 'a b')(n, n * n)")
    .replace("return set(items)", "return frozenset(items)")
    .replace("return set(mapping)", "return mapping.keys()")
    .replace(
        "def level(n):\n    return n", "import enum\nL = enum.IntEnum('L', 'ONE TWO')\ndef level(n):\n    return L(n)"
    )
    .replace("return sum(values) / len(values)", "import statistics\n    return statistics.fmean(values)"),
    "threads-and-prints": REFERENCE.replace(
        "def unique(items):\n    return set(items)",
        "import threading\ndef unique(items):\n    out = set()\n    print('working', flush=True)\n"
        "    ts = [threading.Thread(target=out.add, args=(x,)) for x in items]\n"
        "    [t.start() for t in ts]\n    [t.join() for t in ts]\n    return out",
    ),
    "helper-module": "from helpers.impl import *  # noqa\n",
}


@pytest.fixture(scope="module")
def grade(live_pool):
    grader = Grader(live_pool.pool)
    return lambda files: live_pool.run(grader.grade(TASK, files))


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(HONEST))
def test_honest_variants_get_one(grade, name):
    files = _files(HONEST[name])
    if name == "helper-module":
        files["helpers/__init__.py"] = b""
        files["helpers/impl.py"] = REFERENCE.encode()
    result = grade(files)
    assert (result.reward, result.passed) == (1.0, result.expected), result


@pytest.mark.podman
def test_stub_and_wrong_solutions_get_zero(grade):
    assert grade(dict(TASK.workspace)).reward == 0.0
    assert grade(_files(WRONG)).reward == 0.0


# --- real containers: the red-team suite -----------------------------------------------------------------

CHEATS = {
    # Names the test uses, exported by the solution to replace them (issue 12: `__all__` with the helper's name).
    "star-import-shadows-helpers": WRONG
    + "def abs(x):\n    return 0\n"
    + "class math:\n    isclose = staticmethod(lambda *a, **k: True)\n"
    + "class pytest:\n    approx = staticmethod(lambda *a, **k: None)\n    raises = None\n"
    + "Fraction = Decimal = unittest = _none\n"
    + "__all__ = ['counts', 'pair', 'unique', 'mean', 'half', 'cents', 'keys', 'level', 'Point', 'shift',"
    " 'parse_positive', 'SolutionError', 'sort_in_place', 'apply_all', 'squares', 'greet', 'largest',"
    " 'abs', 'math', 'pytest', 'Fraction', 'Decimal', 'unittest', 'CountingList', 'all', 'isinstance']\n",
    # Patch builtins and the test framework wherever the solution can reach them.
    "patch-builtins-and-pytest": WRONG
    + "import builtins, unittest, _pytest.python, _pytest.runner, pytest\n"
    + "builtins.abs = lambda x: 0\nbuiltins.all = lambda x: True\nbuiltins.isinstance = lambda *a: True\n"
    + "pytest.approx = lambda *a, **k: None\n_pytest.python.Function.runtest = lambda self: None\n"
    + "unittest.TestCase.assertEqual = lambda *a, **k: None\n"
    + "_orig = _pytest.runner.call_and_report\n"
    + "def _cr(item, when, log=True, **kw):\n    r = _orig(item, when, log, **kw)\n    r.outcome = 'passed'\n    return r\n"
    + "_pytest.runner.call_and_report = _cr\n",
    # Objects whose comparisons and arithmetic lie.
    "always-equal-objects": WRONG
    + "class A:\n"
    + "    __eq__ = lambda s, o: True\n    __ne__ = lambda s, o: False\n    __lt__ = __le__ = __gt__ = __ge__ = __eq__\n"
    + "    __sub__ = __rsub__ = __abs__ = lambda s, *o: s\n    __hash__ = object.__hash__\n"
    + "    __iter__ = lambda s: iter([0, 1, 4])\n    __bool__ = lambda s: True\n"
    + "    def method(self):\n        return 1\n"
    + "counts = pair = unique = mean = half = cents = keys = level = shift = parse_positive = apply_all = largest = "
    + "lambda *a, **k: A()\n",
    "lying-float-and-str-subclasses": WRONG
    + "class F(float):\n    __eq__ = lambda s, o: True\n    __sub__ = lambda s, o: F(0)\n    __hash__ = float.__hash__\n"
    + "class S(dict):\n    __eq__ = lambda s, o: True\n    __hash__ = None\n"
    + "mean = lambda v: F(99)\ncounts = lambda t: S()\n",
    "dataclass-equal-to-everything": WRONG.replace(
        "class Point:\n    def __init__(self, x, y):\n        self.x, self.y = x, y",
        "class Point:\n    def __init__(self, x, y):\n        self.x, self.y = x, y\n    def __eq__(self, o):\n        return True",
    )
    + "shift = lambda p, d: Point(0, 0)\n",
    # Reach for the grader's process, files and channel.
    "read-hidden-tests-and-frames": WRONG
    + "import gc, glob, os, sys\n"
    + "def _steal():\n"
    + "    found = []\n"
    + "    for p in glob.glob('/tmp/coderl-grading/**/*.py', recursive=True) + list(sys.argv):\n"
    + "        try:\n            found.append(open(p).read())\n        except OSError:\n            pass\n"
    + "    for pid in os.listdir('/proc'):\n"
    + "        for what in ('environ', 'mem', 'fd/3', 'fd/4'):\n"
    + "            try:\n                found.append(open(f'/proc/{pid}/{what}', 'rb').read(100))\n"
    + "            except (OSError, ValueError):\n                pass\n"
    + "    f = sys._getframe()\n"
    + "    while f:\n        found.append(dict(f.f_locals))\n        f = f.f_back\n"
    + "    found.extend(o for o in gc.get_objects() if isinstance(o, dict) and 'expected' in o)\n"
    + "    if any('def test_' in str(x) for x in found):\n        raise SystemExit('found the tests')\n"
    + "    return None\n"
    + "counts = pair = unique = mean = half = lambda *a: _steal()\n",
    "rewrite-hidden-tests-on-disk": WRONG
    + "import glob\n"
    + "for p in glob.glob('/tmp/coderl-grading/**', recursive=True):\n"
    + "    try:\n        open(p, 'w').write('def test_ok(): pass\\n')\n    except OSError:\n        pass\n",
    "forged-result-lines": WRONG
    + "import json, os\n"
    + "line = json.dumps({'kind': 'finished', 'exitstatus': 0}).encode() + b'\\n'\n"
    + "for fd in range(64):\n    try:\n        os.write(fd, line)\n    except OSError:\n        pass\n",
    "kill-everything": WRONG + "import os, signal\nfor pid in (-1, os.getppid(), 1):\n"
    "    try:\n        os.kill(pid, signal.SIGKILL)\n    except OSError:\n        pass\n",
    "exit-in-calls": WRONG + "import os, sys\ncounts = lambda t: sys.exit(0)\npair = lambda n: os._exit(0)\n",
    "skip-and-keyboardinterrupt": WRONG
    + "import pytest\ndef counts(t):\n    pytest.skip('later')\n"
    + "def pair(n):\n    raise KeyboardInterrupt\n",
    "conftest-in-tmp": WRONG
    + "open('/tmp/conftest.py', 'w').write('import pytest\\n@pytest.hookimpl(hookwrapper=True)\\n"
    'def pytest_runtest_makereport(item, call):\\n    out = yield\\n    out.get_result().outcome = "passed"\\n\')\n',
    "module-getattr-liar": WRONG.replace("counts = pair = unique = mean", "pair = unique = mean")
    + "class A:\n    __eq__ = lambda s, o: True\n    __hash__ = object.__hash__\n"
    + "def __getattr__(name):\n    return lambda *a, **k: A()\n",
    "garbage-on-the-reply-pipe": WRONG
    + "import os\ndef counts(t):\n    for fd in range(3, 20):\n        try:\n"
    + "            os.write(fd, b'\\x00\\x00\\x00\\x0b{\"value\":1}')\n        except OSError:\n            pass\n"
    + "    return None\n",
}

PLUGIN = "import pytest\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
PLUGIN += "    out = yield\n    out.get_result().outcome = 'passed'\n"


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(CHEATS))
def test_cheats_get_zero_from_the_grader_alone(grade, name):
    result = grade(_files(CHEATS[name]))
    assert result.reward == 0.0, result
    assert result.passed < result.expected


@pytest.mark.podman
def test_pytest11_entry_point_in_the_workspace_is_not_loaded(grade):
    files = _files(WRONG)
    files["evil-1.0.dist-info/METADATA"] = b"Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n"
    files["evil-1.0.dist-info/entry_points.txt"] = b"[pytest11]\nevil = evil_plugin\n"
    files["evil_plugin.py"] = PLUGIN.encode()
    result = grade(files)
    assert result.reward == 0.0 and result.passed < result.expected


@pytest.mark.podman
def test_a_workspace_of_too_many_files_is_a_zero_with_a_note(grade):
    files = _files(REFERENCE)
    files.update({f"junk/{i}.txt": b"" for i in range(Grader.max_workspace_files + 1)})
    result = grade(files)
    assert result.reward == 0.0 and any("files" in n for n in result.notes)


@pytest.mark.podman
def test_a_protected_directory_replaced_by_a_file_is_a_zero_or_restored(live_pool):
    fizz = load_task(TASKS / "fizzbuzz")
    files = dict(fizz.workspace)
    files["fizzbuzz.py"] = (TASKS / "fizzbuzz" / "solution" / "fizzbuzz.py").read_bytes()
    files["tests"] = b"not a directory"  # tests/test_visible.py is protected and must be restored under it
    result = live_pool.run(Grader(live_pool.pool).grade(fizz, files))
    assert result.reward in (0.0, 1.0) and result.notes  # graded, never an exception, and explained


@pytest.mark.podman
@pytest.mark.slow
def test_imported_humaneval_references_pass_and_the_shadowing_attack_fails():
    """A slice of the full check (`make check-humaneval` runs all 164 tasks)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[1] / "scripts" / "check_humaneval_grading.py"
    done = subprocess.run([sys.executable, str(script), "--limit", "6"], capture_output=True, text=True, timeout=600)
    summary = json.loads(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    assert summary["tasks"] == 6 and summary["reference_reward_1"] == 6 and summary["attack_reward_above_0"] == 0


# --- found by the independent red team (each reached reward 1 before its fix) ------------------------

FORGE_REPORTS = """
import json as _json
class _FakeJson:
    def dumps(self, obj, *a, **k):
        obj = dict(obj)
        if obj.get("kind") == "phase":
            obj["ok"], obj["skipped"] = True, False
        if obj.get("kind") == "finished":
            obj["exitstatus"] = 0
        return _json.dumps(obj)
"""
LENDING_WRONG = "def _none(*a, **k):\n    return None\ntotal = stamp = save = boom = area = primes = _none\n"
LENDING_CHEATS = {
    # pytest calls setup_module(module) with the test module: from it, MonkeyPatch and the reporter.
    "setup-module-through-star-import": LENDING_WRONG
    + FORGE_REPORTS
    + "def setup_module(module):\n    module.pytest.MonkeyPatch().setattr('__main__.json', _FakeJson())\n",
    # The test's generator: gi_frame -> f_builtins -> __import__ -> pytest -> the reporter.
    "generator-frame-to-builtins": LENDING_WRONG
    + FORGE_REPORTS
    + "def total(values):\n    imp = values.gi_frame.f_builtins['__import__']\n"
    + "    imp('pytest').MonkeyPatch().setattr('__main__.json', _FakeJson())\n",
    # A Path lent by the test: read and rewrite the hidden tests as the grader's uid.
    "path-to-the-hidden-tests": LENDING_WRONG
    + "def save(path, text):\n    d = path.joinpath('/tmp/coderl-grading/hidden')\n"
    + "    for f in d.iterdir():\n        f.write_text('def test_ok():\\n    pass\\n')\n",
    # The solution's isclose against `from math import *` before (round 1) and after (round 2) its star import.
    "isclose-after-math-star": LENDING_WRONG + "def isclose(*a, **k):\n    return True\npi = 0\n",
    # A symlink in the lent tmp_path to the hidden tests' own golden file (round 2).
    "symlink-to-golden-file": LENDING_WRONG
    + "import os\ndef save(path, text):\n    os.symlink('/tmp/coderl-grading/hidden/expected.txt', str(path))\n",
    # `7 in primes(10)` asked of an object that says yes to everything.
    "contains-says-yes": LENDING_WRONG
    + "class Yes:\n    __contains__ = lambda s, x: True\n    __bool__ = lambda s: True\n"
    + "primes = lambda n: Yes()\n",
}


@pytest.fixture(scope="module")
def grade_lending(live_pool):
    grader = Grader(live_pool.pool)
    return lambda files: live_pool.run(grader.grade(LENDING, files))


@pytest.mark.podman
def test_lending_reference_gets_one(grade_lending):
    files = {**LENDING.workspace, "sol.py": (TASKS / "lending" / "solution" / "sol.py").read_bytes()}
    result = grade_lending(files)
    assert (result.reward, result.passed) == (1.0, result.expected), result


@pytest.mark.podman
@pytest.mark.parametrize("name", sorted(LENDING_CHEATS))
def test_red_team_cheats_get_zero(grade_lending, name):
    result = grade_lending({**LENDING.workspace, "sol.py": LENDING_CHEATS[name].encode()})
    assert result.reward == 0.0, result
    assert result.passed < result.expected


def test_a_value_handed_back_is_the_agents_own_object_again():
    """Round 20: the agent's code told the copy the test handed back from the list it had returned (by id), and
    read a NamedTuple's own method from the object it had made. Handed back unchanged, the worker gets its own
    object; changed by the test, the original takes the test's state, as in one process. The originals are let go
    when nothing holds the values any more (round 22: not at a test's end, which freed module-level values early)."""

    class Line(typing.NamedTuple):
        qty: int

    worker = Codec("w", lambda d: ("proxy", d["id"]), flatten_subclasses=True)
    trusted = Codec("t", lambda d: ("proxy", d["id"]), flatten_subclasses=False)
    rows, line = [[1, 2]], Line(3)
    got_rows = _arrive(trusted, worker.encode(rows))
    got_line = _arrive(trusted, worker.encode(line))
    assert got_rows == [[1, 2]] and type(got_rows) is list and got_line == (3,) and type(got_line) is tuple
    assert _arrive(worker, trusted.encode(got_rows)) is rows
    assert _arrive(worker, trusted.encode([got_line])) == [line] and _arrive(worker, trusted.encode(got_line)) is line
    got_rows.append([3])
    assert _arrive(worker, trusted.encode(got_rows)) is rows and rows == [[1, 2], [3]]
    assert _arrive(worker, trusted.encode([[1, 2], [3]])) is not rows  # an equal list of the test's own is not it
    worker.incoming(trusted.outgoing({}))
    worker.local(1)  # the test still holds its copy: the worker keeps the original
    del got_rows, got_line  # the test let them go (a statement's temporaries, a test's locals)
    worker.incoming(trusted.outgoing({}))  # before the next message the worker frees its objects, as one process
    with pytest.raises(WireError):
        worker.local(1)


def test_describing_values_runs_nothing_of_the_agents():
    """Round 21 switched the fix on from code only the worker's encoder ran: a tzinfo's utcoffset, the int
    subclass in a Fraction's slot, a list subclass encoded twice (so never 'unchanged'), an exception's __str__."""
    from coderl.grade.worker import Worker

    ran: list[str] = []

    class Zone(datetime.tzinfo):
        def utcoffset(self, dt):
            ran.append("utcoffset")
            return datetime.timedelta(0)

    class Big(int):
        def __lt__(self, other):
            ran.append("lt")
            return int.__lt__(self, other)

    class Journal(list):
        def turnover(self):
            return sum(self)

    class Loud(ValueError):
        def __str__(self):
            ran.append("str")
            return "loud"

    worker, _ = _pair()
    assert worker.encode(datetime.datetime(2026, 1, 1, tzinfo=Zone()))["$"] == "ref"
    assert worker.encode(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))["$"] == "datetime"
    odd = fractions.Fraction(1, 2)
    object.__setattr__(odd, "_numerator", Big(1))
    assert worker.encode(odd)["$"] == "ref"
    assert worker.encode(Journal([1, 2])) == {"$": "origin", "id": 3, "v": [1, 2]}
    described = Worker(-1, -1).describe_exception(Loud("x"))
    assert "message" not in described and described["self"]["$"] == "ref"
    assert Worker(-1, -1).describe_exception(ValueError("plain"))["message"] == "plain"
    assert "message" not in Worker(-1, -1).describe_exception(SyntaxError("bad"))
    assert ran == []


def test_names_of_the_agents_own_type_make_a_class_unsafe_to_look_into():
    """Round 22 ran a str subclass's __eq__ (a key colliding with '__str__' or '__dict__' in a class namespace)
    and its startswith (an exception attribute's name), and a bytearray subclass's __index__, in the worker only."""
    from coderl.grade.worker import Worker

    ran: list[str] = []

    class Name(str):
        def __eq__(self, other):
            ran.append("eq")
            return str.__eq__(self, other)

        def startswith(self, *a):
            ran.append("startswith")
            return False

        __hash__ = str.__hash__

    class Buffer(bytearray):
        def __index__(self):
            ran.append("index")
            return 0

    Table = type("Table", (dict,), {Name("__dict_"): 1})
    Odd = type("Odd", (ValueError,), {Name("__str_"): 2})
    worker, _ = _pair()
    assert worker.encode(Table(a=1))["$"] == "ref"
    err = ValueError("x")
    err.__dict__[Name("public")] = 1
    described = Worker(-1, -1).describe_exception(err)
    assert described["message"] == "x"
    assert "message" not in Worker(-1, -1).describe_exception(Odd("y"))
    assert worker.encode(Buffer(b"ab"))["v"] == {"$": "bytearray", "v": "YWI="}
    assert ran == []


def test_shared_values_stand_for_no_object_and_nested_subclass_values_keep_theirs():
    """Round 23: a str subclass handed over as '' (Python's one empty string) was never let go, and a plain tuple
    of the agent's NamedTuple-like values handed back gave it bare tuples."""

    class Blank(str):
        def marker(self):
            return True

    class Entry(tuple):
        def gross(self):
            return sum(self)

    worker, trusted = _pair()
    blank = Blank("")
    _arrive(trusted, worker.encode(blank))
    worker.incoming(trusted.outgoing({}))
    with pytest.raises(WireError):
        worker.local(1)  # let go at once: '' is shared by everyone in the test process
    entry = Entry((1, 2))
    got = _arrive(trusted, worker.encode((entry, 3)))
    assert got == ((1, 2), 3) and type(got[0]) is tuple
    assert _arrive(worker, trusted.encode(got))[0] is entry


def test_handed_over_scalars_keep_their_origin_while_the_test_holds_them():
    """Round 24: a str, int or float decoded from an origin was the object the incoming message still held, so its
    reference count always said 'shared' and the worker let the agent's object go at once: a catalogue of str
    subclasses the test module kept for the session was freed in the grade, and handed back as plain str."""

    class Item(str):
        pass

    class Count(int):
        pass

    class Price(float):
        pass

    worker, trusted = _pair()
    pen, many, cost, tiny = Item("pen"), Count(10**6), Price(-0.0), Count(7)
    got = [_arrive(trusted, worker.encode(v)) for v in (pen, many, cost, tiny)]
    assert got == ["pen", 10**6, 0.0, 7] and [type(g) for g in got] == [str, int, float, int]
    assert math.copysign(1.0, got[2]) == -1.0
    worker.incoming(trusted.outgoing({}))
    assert [worker.local(rid) for rid in (1, 2, 3)] == [pen, many, cost]  # the test holds them: so does the worker
    with pytest.raises(WireError):
        worker.local(4)  # 7 is Python's one 7: it stands for no object of the agent's
    assert _arrive(worker, trusted.encode(got[0])) is pen and _arrive(worker, trusted.encode(got[1])) is many
    assert _arrive(worker, trusted.encode([got[2]]))[0] is cost
    del got
    worker.incoming(trusted.outgoing({}))
    for rid in (1, 2, 3):
        with pytest.raises(WireError):
            worker.local(rid)


def test_a_checks_worker_runs_nothing_after_a_clean_up_that_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between a check's programs the worker kills what the last one left running and removes what it left in the
    scratch folders and IPC. Each step runs whatever the others did, and when one fails (red-team round 32 broke
    the file step with a link to a folder), no later program runs: it would start from what the last one left.
    The steps are stand-ins here: the real ones signal every process of this uid."""
    import os

    from coderl.grade import worker as worker_module

    done: list[str] = []

    def failing() -> None:
        done.append("files")
        raise NotImplementedError("chmod: follow_symlinks unavailable on this platform")

    monkeypatch.setattr(worker_module, "_kill_leftovers", lambda: done.append("kill"))
    monkeypatch.setattr(worker_module, "_remove_own_files", failing)
    monkeypatch.setattr(worker_module, "_remove_own_ipc", lambda: done.append("ipc"))
    rfd, wfd = os.pipe()
    try:
        w = worker_module.Worker(rfd, wfd, check=True)
        _, trusted = _pair()
        first = trusted.decode(w.op_run({"argv": ["true"]})["value"])
        assert first["returncode"] == 0 and done == ["kill", "files", "ipc"]  # every step ran
        second = trusted.decode(w.op_run({"argv": ["true"]})["value"])
        assert second["returncode"] == 125 and "NotImplementedError" in second["stderr"], second
        assert done == ["kill", "files", "ipc"], "the second program never started, so nothing was cleaned again"
    finally:
        os.close(rfd)
        os.close(wfd)
