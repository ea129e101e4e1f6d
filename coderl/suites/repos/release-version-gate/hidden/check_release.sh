#!/bin/bash
# Hidden check: the release gate passes with the released version 2.4.0 everywhere.
set -u
out=$(coderl-run bash scripts/release_check.sh 2>&1); status=$?
echo "$out"
[ "$status" -eq 0 ] || { echo "release_check.sh exited $status"; exit 1; }
v=$(coderl-run python3 -c 'import notify; print(notify.__version__)')
[ "$v" = "2.4.0" ] || { echo "notify.__version__ is $v"; exit 1; }
# The package as submitted, read from its source (a module can answer 2.4.0 only to the gate's own question, the
# gate can rewrite files while it runs, and a binding through globals() or from another module escapes a search
# for assignments, red-team rounds 2-4): the base release's code, but for one plain top-level
# `__version__ = "2.4.0"`, and no module added to the package.
python3 -I - "$CODERL_SUBMITTED/notify" <<'PY' || exit 1
import ast, io, sys, tokenize
from pathlib import Path

BASE_INIT = '"""notify: message templating."""\n\nfrom notify.render import render\n\n__all__ = ["render"]\n__version__ = "2.3.1"\n'
BASE_RENDER = '"""Fill ``{name}`` placeholders; unknown names are left as they are."""\n\nfrom __future__ import annotations\n\nimport re\n\n_FIELD = re.compile(r"\\{([a-z_]+)\\}")\n\n\ndef render(template: str, values: dict[str, str]) -> str:\n    return _FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)\n'


def fail(why):
    print(why)
    sys.exit(1)


pkg = Path(sys.argv[1])
if pkg.is_symlink() or not pkg.is_dir():
    fail("notify/ is not a plain directory")
names = sorted(p.name for p in pkg.iterdir() if p.name != "__pycache__")
if names != ["__init__.py", "render.py"]:
    fail(f"notify/ should hold __init__.py and render.py only, found {names}")
sources = {}
for name in names:
    path = pkg / name
    if path.is_symlink() or not path.is_file():
        fail(f"notify/{name} is not a plain file")
    try:
        data = path.read_bytes()
        # parsed from its bytes, as the interpreter reads it: a `coding:` cookie (utf-7, unicode_escape) can hide
        # statements in what reads as a comment in UTF-8 (red-team round 5); only UTF-8 source is accepted
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        if encoding not in ("utf-8", "utf-8-sig"):
            fail(f"notify/{name} declares the source encoding {encoding}: only UTF-8 is accepted")
        sources[name] = ast.parse(data)
    except (OSError, SyntaxError, ValueError) as exc:
        fail(f"notify/{name} cannot be read: {exc}")
if ast.dump(sources["render.py"]) != ast.dump(ast.parse(BASE_RENDER)):
    fail("notify/render.py changed: the library's behaviour must not")
tree = sources["__init__.py"]
plain = [
    st for st in tree.body
    if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name)
    and st.targets[0].id == "__version__" and isinstance(st.value, ast.Constant) and st.value.value == "2.4.0"
]
if len(plain) != 1:
    fail('notify/__init__.py does not set __version__ = "2.4.0" once, plainly, at the top level')
plain[0].value = ast.Constant("2.3.1")
if ast.dump(tree) != ast.dump(ast.parse(BASE_INIT)):
    fail("notify/__init__.py changed more than its version")
PY
grep -qx 'version = "2.4.0"' "$CODERL_SUBMITTED/pyproject.toml" || { echo "pyproject.toml changed its version"; exit 1; }
