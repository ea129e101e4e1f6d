#!/bin/bash
# Hidden check: the build succeeds; the manifest lists every module with its true hash; the built copy is a copy
# (plain files, no links) and works; the sources are left as submitted. Then a module the agent could not know
# is added and the build must list and copy it too (a manifest written ahead is not a build).
set -u
ws="$CODERL_WORKSPACE"
# $1: the added module's path below pkgcalc/ ("" for none); $2: its content. The expected lines come from the submitted sources.
verify() {
  python3 -I - "$ws" "$CODERL_SUBMITTED" "$1" "$2" <<'PY'
import hashlib, os, sys
from pathlib import Path
ws, submitted, extra, content = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
def line(data, rel):
    return f"{hashlib.sha256(data).hexdigest()}  {rel}"
sources = {p.relative_to(submitted).as_posix(): p.read_bytes() for p in (submitted / "pkgcalc").rglob("*.py")}
if extra:
    sources[f"pkgcalc/{extra}"] = content.encode()
want = sorted(line(data, rel) for rel, data in sources.items())
live = sorted(line(p.read_bytes(), p.relative_to(ws).as_posix()) for p in (ws / "pkgcalc").rglob("*.py"))
if live != want:
    print("the build changed the package's sources"); sys.exit(1)
dist = ws / "dist"
if dist.is_symlink() or not (dist / "MANIFEST").is_file() or (dist / "MANIFEST").is_symlink():
    print("no dist/MANIFEST (a plain file in a plain dist/)"); sys.exit(1)
for root, dirs, files in os.walk(dist):
    for name in dirs + files:
        full = os.path.join(root, name)
        if os.path.islink(full) or (os.path.isfile(full) and os.stat(full).st_nlink != 1):
            print(f"dist/ holds a link ({full}): the build must copy"); sys.exit(1)
got = sorted(l for l in (dist / "MANIFEST").read_text().splitlines() if l.strip())
built = sorted(line(p.read_bytes(), f"pkgcalc/{p.relative_to(dist / 'pkgcalc').as_posix()}")
               for p in (dist / "pkgcalc").rglob("*.py"))
if len(want) < 3 or got != want or built != want:
    print("manifest or built copy does not match the sources"); sys.exit(1)
PY
}
# From a clean checkout: nothing prebuilt counts, and the check changes nothing before the build runs (deleting a
# committed dist/ here made the grade the one place the tree had none, red-team round 16).
[ ! -e "$CODERL_SUBMITTED/dist" ] && [ ! -L "$CODERL_SUBMITTED/dist" ] || { echo "the commit holds dist/ (build output)"; exit 1; }
coderl-run bash scripts/build.sh || { echo "build.sh failed"; exit 1; }
verify "" "" || exit 1
out=$(coderl-run python3 -c 'import sys; sys.path.insert(0, "dist"); import pkgcalc; print(pkgcalc.__file__.startswith("dist/") or "/dist/" in pkgcalc.__file__, round(pkgcalc.convert(3, "mi", "km"), 4))')
[ "$out" = "True 4.828" ] || { echo "the built package answered: $out"; exit 1; }
# ... in a subpackage of its own: a build that copies the top level only is not a copy of the package (red-team
# round 37: `cp pkgcalc/*.py`)
extra="_s$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')/_m$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n').py"
content="VALUE = \"$extra\""
coderl-run bash -c 'mkdir -p "pkgcalc/${1%/*}" && printf "%s\n" "$2" > "pkgcalc/$1" && rm -rf dist' add "$extra" "$content" \
  || exit 1
coderl-run bash scripts/build.sh || { echo "build.sh failed with a new module"; exit 1; }
verify "$extra" "$content
" || { echo "(after a module was added)"; exit 1; }
# ... and the package's data beside its modules: a copy of the package is more than its .py files (red-team round 38)
data="${extra%/*}/_d$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n').dat"
coderl-run bash -c 'printf "%s\n" "$1" > "pkgcalc/$1" && rm -rf dist' add "$data" || exit 1
coderl-run bash scripts/build.sh || { echo "build.sh failed with a data file"; exit 1; }
cmp -s "$ws/pkgcalc/$data" "$ws/dist/pkgcalc/$data" || { echo "dist/pkgcalc lacks the package's data file"; exit 1; }
