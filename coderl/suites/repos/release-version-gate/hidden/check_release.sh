#!/bin/bash
# Hidden check: the release gate passes with the released version 2.4.0 everywhere.
set -u
out=$(coderl-run bash scripts/release_check.sh 2>&1); status=$?
echo "$out"
[ "$status" -eq 0 ] || { echo "release_check.sh exited $status"; exit 1; }
v=$(coderl-run python3 -c 'import notify; print(notify.__version__)')
[ "$v" = "2.4.0" ] || { echo "notify.__version__ is $v"; exit 1; }
# The version as submitted, read from the source (a module can answer 2.4.0 only to the gate's own question,
# and the gate can rewrite files while it runs): one plain assignment of the string "2.4.0".
python3 -I - "$CODERL_SUBMITTED/notify/__init__.py" <<'PY' || exit 1
import ast, sys
try:
    tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
except (OSError, SyntaxError, ValueError) as exc:
    print("notify/__init__.py cannot be read:", exc); sys.exit(1)
found = [node.value for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
         and any(isinstance(t, ast.Name) and t.id == "__version__" for t in getattr(node, "targets", [getattr(node, "target", None)]))]
if len(found) != 1 or not (isinstance(found[0], ast.Constant) and found[0].value == "2.4.0"):
    print("notify/__init__.py does not set __version__ = \"2.4.0\" once, plainly"); sys.exit(1)
PY
grep -qx 'version = "2.4.0"' "$CODERL_SUBMITTED/pyproject.toml" || { echo "pyproject.toml changed its version"; exit 1; }
