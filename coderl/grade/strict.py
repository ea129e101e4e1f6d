"""Strict equality for hidden tests: ``assert got == expected`` cannot be passed by an always-equal object.

The grader rewrites each ``assert a == b`` in the (trusted) hidden tests into a call of ``strict_eq``,
which compares plain values (numbers, strings, containers, None) by type and content, recursing into
containers, so a returned object whose ``__eq__`` always says True fails. This file also runs inside
the sandbox as the module ``coderl_strict``: standard library only.
"""

from __future__ import annotations

import ast
from typing import Any

__all__ = ["rewrite_asserts", "strict_eq"]

_NUMBERS = (int, float, complex, bool)
_PLAIN = frozenset({int, float, complex, bool, str, bytes, bytearray, list, tuple, dict, set, frozenset, type(None)})
HELPER_MODULE = "coderl_strict"
_HELPER_NAME = "_coderl_strict_eq"


def strict_eq(a: Any, b: Any) -> bool:
    """``a == b`` where any plain value on either side demands a plain value of the same kind."""
    ta, tb = type(a), type(b)
    if ta in _PLAIN or tb in _PLAIN:
        if ta in _NUMBERS and tb in _NUMBERS:
            return bool(a == b)
        if ta is not tb:
            return False
        if ta is list or ta is tuple:
            return len(a) == len(b) and all(strict_eq(x, y) for x, y in zip(a, b, strict=True))
        if ta is dict:
            return len(a) == len(b) and all(k in b and strict_eq(v, b[k]) for k, v in a.items())
        return bool(a == b)
    return bool(a == b)


class _Rewriter(ast.NodeTransformer):
    def __init__(self) -> None:
        self.count = 0

    def visit_Assert(self, node: ast.Assert) -> ast.Assert:
        test = node.test
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
            call = ast.Call(ast.Name(_HELPER_NAME, ast.Load()), [test.left, test.comparators[0]], [])
            node.test = ast.copy_location(call, test)
            self.count += 1
        return node


def rewrite_asserts(source: str, filename: str = "<test>") -> tuple[str, int]:
    """The source with every ``assert a == b`` made strict, and how many were rewritten."""
    tree = ast.parse(source, filename)
    rewriter = _Rewriter()
    tree = rewriter.visit(tree)
    if not rewriter.count:
        return source, 0
    body = tree.body
    at = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        at = 1  # keep the docstring first
    while at < len(body) and isinstance(body[at], ast.ImportFrom) and body[at].module == "__future__":
        at += 1
    body.insert(at, ast.ImportFrom(HELPER_MODULE, [ast.alias("strict_eq", _HELPER_NAME)], 0))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n", rewriter.count
