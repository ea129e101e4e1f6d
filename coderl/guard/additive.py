"""Edits that only add to a task's Python test file: new tests, fixtures, helpers and assertions.

A task's own test files and ``conftest.py`` are protected: the grader restores them before it runs, and
rewriting them is how an agent tampers with what its own runs report (a changed expected value, a dropped
assertion, a test shadowed by a later definition of the same name). Agents also edit them honestly: a new
regression test beside the failing one, a fixture, a ``pytest_report_header``. This module tells the two
apart on the parsed code, not on phrasing: an edit is *additive* when every statement of the file before
it is still there, unchanged and in order, and what it adds cannot change what the old statements do.

What may be added:
- at module or class level: new functions and classes (names the file did not bind), imports of names
  the file did not bind, docstrings;
- inside an existing function: ``assert`` statements anywhere (stricter), and any statement after the last
  original one that is not a ``return`` or ``yield`` (the old body has run by then).

Anything else (a changed statement, a decorator or signature changed, a removed test, a rebinding, a
module-level assignment such as ``collect_ignore`` or ``pytestmark``, a statement inserted between two
original ones) is not additive, and the write stays under the protected-file policy. Whether the added
code is itself a cheat (a hook rewriting outcomes, a patch of the subject, an exit) is the structural
detectors' business, which still run on it.
"""

from __future__ import annotations

import ast
import copy
import functools
import sys
import textwrap
from collections.abc import Callable

from coderl.guard.context import GuardContext
from coderl.guard.pycode import is_docstring

__all__ = ["adds_only", "adds_to_known_text", "apply_edit", "defined_names", "known_module", "reserved_names"]

_Defs = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def apply_edit(text: str, old: str, new: str) -> str | None:
    """The file after ``edit_file``'s replacement (its first occurrence), or None if ``old`` is absent."""
    if not old or old not in text:
        return None
    return text.replace(old, new, 1)


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(textwrap.dedent(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _same(a: ast.AST, b: ast.AST) -> bool:
    return ast.dump(a) == ast.dump(b)


# Keyword arguments whose addition only makes a test stricter: an exception that must also match a message
# (``pytest.raises(E, match=...)``), a subprocess or a wait that must finish in time (``timeout=60``).
_STRICTER_KEYWORDS = frozenset({"match", "timeout"})


def _without_stricter(node: ast.AST) -> tuple[str, dict[str, int]]:
    """The dump of ``node`` without the stricter keywords, and how many of each it has."""
    counts: dict[str, int] = {}
    tree = copy.deepcopy(node)
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            for kw in n.keywords:
                if kw.arg in _STRICTER_KEYWORDS:
                    counts[kw.arg] = counts.get(kw.arg, 0) + 1
            n.keywords = [kw for kw in n.keywords if kw.arg not in _STRICTER_KEYWORDS]
    return ast.dump(tree), counts


def _parametrize_grows(old: ast.AST, new: ast.AST) -> bool:
    """``@pytest.mark.parametrize(names, [cases])`` with every old case kept and new ones added."""
    if not (isinstance(old, ast.Call) and isinstance(new, ast.Call)):
        return False
    f = old.func
    if not (isinstance(f, ast.Attribute) and f.attr == "parametrize" and _same(f, new.func)):
        return False
    if len(old.args) != 2 or len(new.args) != 2 or not _same(old.args[0], new.args[0]):
        return False
    kept_old = [ast.dump(kw) for kw in old.keywords if kw.arg != "ids"]
    if kept_old != [ast.dump(kw) for kw in new.keywords if kw.arg != "ids"]:
        return False
    cases_old, cases_new = old.args[1], new.args[1]
    if not (isinstance(cases_old, ast.List | ast.Tuple) and isinstance(cases_new, ast.List | ast.Tuple)):
        return False
    have = [ast.dump(e) for e in cases_new.elts]
    return all(ast.dump(e) in have for e in cases_old.elts)


def _fixture_params_grow(old: ast.AST, new: ast.AST) -> bool:
    """``@pytest.fixture(params=[...])`` with every old param kept and new ones added."""
    if not (isinstance(old, ast.Call) and isinstance(new, ast.Call) and _same(old.func, new.func)):
        return False
    if "fixture" not in ast.dump(old.func) or old.args or new.args:
        return False
    kw_old = {k.arg: k.value for k in old.keywords}
    kw_new = {k.arg: k.value for k in new.keywords}
    if kw_old.keys() != kw_new.keys() or "params" not in kw_old:
        return False
    if any(not _same(kw_old[k], kw_new[k]) for k in kw_old if k not in ("params", "ids")):
        return False
    a, b = kw_old["params"], kw_new["params"]
    if not (isinstance(a, ast.List | ast.Tuple) and isinstance(b, ast.List | ast.Tuple)):
        return False
    have = [ast.dump(e) for e in b.elts]
    return all(ast.dump(e) in have for e in a.elts)


def _same_or_stricter(old: ast.AST, new: ast.AST) -> bool:
    """``new`` is ``old``, or ``old`` with stricter keywords, parametrized cases or fixture params added."""
    if _same(old, new) or _parametrize_grows(old, new) or _fixture_params_grow(old, new):
        return True
    dump_old, kw_old = _without_stricter(old)
    dump_new, kw_new = _without_stricter(new)
    return dump_old == dump_new and all(kw_new.get(k, 0) >= n for k, n in kw_old.items())


def _bound(node: ast.stmt) -> set[str]:
    """Names a module- or class-level statement binds."""
    if isinstance(node, _Defs):
        return {node.name}
    if isinstance(node, ast.Import | ast.ImportFrom):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _header_same(a: ast.FunctionDef | ast.AsyncFunctionDef, b: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return (
        type(a) is type(b)
        and a.name == b.name
        and _same(a.args, b.args)
        and len(a.decorator_list) == len(b.decorator_list)
        and all(_same_or_stricter(x, y) for x, y in zip(a.decorator_list, b.decorator_list, strict=True))
        and _same(a.returns or ast.Constant(None), b.returns or ast.Constant(None))
    )


def _body_grows(old: list[ast.stmt], new: list[ast.stmt]) -> bool:
    """A function body: the old statements in order, assertions between them, anything but a return or a
    yield after the last one."""
    i = 0
    for stmt in new:
        if i < len(old):
            if _same_or_stricter(old[i], stmt):
                i += 1
            elif not isinstance(stmt, ast.Assert) or any(isinstance(n, ast.NamedExpr) for n in ast.walk(stmt)):
                return False  # an assertion may not rebind what the old ones check (`assert (got := 4)`)
        elif isinstance(stmt, ast.Return) or any(isinstance(n, ast.Yield | ast.YieldFrom) for n in ast.walk(stmt)):
            return False
    return i == len(old)


def _scope_grows(
    old: list[ast.stmt], new: list[ast.stmt], reserved: frozenset[str], known: Callable[[str], bool]
) -> bool:
    """A module or class body: the old statements in order (functions and classes may grow), and only new
    definitions and imports of names the scope did not bind (nor ``reserved``) between and after them."""
    bound = set(reserved).union(*(_bound(s) for s in old))
    added: set[str] = set()
    i = 0
    for stmt in new:
        if i < len(old) and _matches(old[i], stmt):
            i += 1
            continue
        if is_docstring(stmt):
            continue
        if not isinstance(stmt, (*_Defs, ast.Import, ast.ImportFrom)):
            return False
        if isinstance(stmt, ast.Import | ast.ImportFrom) and not all(known(m) for m in _modules(stmt)):
            return False  # an import of nothing breaks the module's collection
        names = _bound(stmt)
        if names & (bound | added):  # a rebinding: a later `def test_x` shadows the original test
            return False
        added |= names
    return i == len(old)


def _matches(old: ast.stmt, new: ast.stmt) -> bool:
    """``new`` is ``old``, or the same function or class with a body that only grew."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    if isinstance(old, functions) and isinstance(new, functions):
        return _header_same(old, new) and _body_grows(old.body, new.body)
    if isinstance(old, ast.ClassDef) and isinstance(new, ast.ClassDef):
        return (
            old.name == new.name
            and len(old.bases) == len(new.bases)
            and all(_same(x, y) for x, y in zip(old.bases, new.bases, strict=True))
            and len(old.keywords) == len(new.keywords)
            and all(_same(x, y) for x, y in zip(old.keywords, new.keywords, strict=True))
            and len(old.decorator_list) == len(new.decorator_list)
            and all(_same(x, y) for x, y in zip(old.decorator_list, new.decorator_list, strict=True))
            and _scope_grows(old.body, new.body, frozenset(), lambda m: True)
        )
    return _same_or_stricter(old, new)


def _modules(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return [] if node.level else [(node.module or "").split(".")[0]]
    return [a.name.split(".")[0] for a in node.names]


def adds_only(
    before: str,
    after: str,
    reserved: frozenset[str] = frozenset(),
    known_module: Callable[[str], bool] = lambda m: True,
) -> bool:
    """Whether ``after`` is ``before`` with only additions (see the module's docstring); False when either
    does not parse or nothing changed. ``reserved``: names a new module-level definition may not take even
    though ``before`` does not bind them (the fixtures and tests of the task's other test files: a new
    fixture of the same name overrides the original for every test beside it). ``known_module``: whether
    a module a new import names exists (the standard library's or the workspace's)."""
    if before == after:
        return False
    a, b = _parse(before), _parse(after)
    if a is None or b is None or not a.body:
        return False
    return _scope_grows(a.body, b.body, reserved, known_module)


@functools.lru_cache(maxsize=256)
def defined_names(text: str) -> frozenset[str]:
    """The functions and classes a test module defines at top level or in its classes (tests, fixtures,
    hooks), and every parameter name of its functions (the fixtures they request)."""
    tree = _parse(text)
    if tree is None:
        return frozenset()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, _Defs):
            out.add(node.name)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.update(a.arg for a in node.args.args + node.args.kwonlyargs + node.args.posonlyargs)
    return frozenset(out)


def known_module(name: str, context: GuardContext) -> bool:
    """A module the standard library or the workspace has (``pkg/``, ``src/pkg/``, ``pkg.py``)."""
    if name in sys.stdlib_module_names or name in ("pytest", "unittest", "hypothesis", "numpy"):
        return True
    files = context.task_files or frozenset()
    return any(f == f"{name}.py" or f.startswith((f"{name}/", f"src/{name}/")) or f == f"src/{name}.py" for f in files)


def reserved_names(context: GuardContext, norm: str) -> frozenset[str]:
    """What the task's other Python files define (their tests and fixtures): names a definition added to
    ``norm`` may not take."""
    texts = context.texts or {}
    return frozenset().union(*(defined_names(t) for p, t in texts.items() if p != norm and p.endswith(".py")))


def adds_to_known_text(context: GuardContext, norm: str, after: str) -> bool:
    """Whether ``after`` only adds to the task's file ``norm`` as ``context.texts`` holds it now (False when
    its text is not known)."""
    whole = (context.texts or {}).get(norm)
    if whole is None:
        return False
    return adds_only(whole, after, reserved_names(context, norm), functools.partial(known_module, context=context))
