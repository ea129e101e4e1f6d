"""Hidden test sources as the trusted test process runs them.

The one change: ``from M import *`` becomes a call of ``coderl_remote.import_star`` with the names the
test module reads but never binds itself, so a star import of the agent's module binds only those: it
cannot rebind a test's helper, an imported ``approx``, a builtin or a standard module, nor plant a name
pytest gives meaning to (``setup_module``, ``pytestmark``, ``pytest_plugins``); see
``remote.import_star``. Everything else is the task author's file as written.
"""

from __future__ import annotations

import ast

__all__ = ["bound_names", "read_names", "rewrite_hidden"]


def bound_names(tree: ast.Module) -> frozenset[str]:
    """Every name the module binds anywhere at its top level (imports, defs, classes, assignments)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name != "*":
                    names.add((alias.asname or alias.name).split(".", 1)[0])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, ast.arg):  # parameters: fixtures, parametrize names, a helper's arguments
            names.add(node.arg)
    return frozenset(names)


def read_names(tree: ast.Module) -> frozenset[str]:
    """Every name the module reads (loads) anywhere."""
    return frozenset(n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))


class _StarRewriter(ast.NodeTransformer):
    def __init__(self, wanted: frozenset[str]) -> None:
        self.wanted = wanted
        self.count = 0

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        if not (len(node.names) == 1 and node.names[0].name == "*" and node.module and not node.level):
            return node
        self.count += 1
        helper = ast.Attribute(
            ast.Call(ast.Name("__import__", ast.Load()), [ast.Constant("coderl_remote")], []), "import_star", ast.Load()
        )
        protected = ast.Call(
            ast.Name("frozenset", ast.Load()),
            [ast.List([ast.Constant(n) for n in sorted(self.wanted)], ast.Load())],
            [],
        )
        call = ast.Call(
            helper, [ast.Constant(node.module), ast.Call(ast.Name("globals", ast.Load()), [], []), protected], []
        )
        return ast.copy_location(ast.Expr(call), node)


def rewrite_hidden(source: str, filename: str = "<test>") -> tuple[str, int]:
    """The source with each absolute ``from M import *`` made safe, and how many there were."""
    tree = ast.parse(source, filename)
    rewriter = _StarRewriter(read_names(tree) - bound_names(tree))
    tree = rewriter.visit(tree)
    if not rewriter.count:
        return source, 0
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n", rewriter.count
