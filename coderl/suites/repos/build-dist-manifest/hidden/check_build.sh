#!/bin/bash
# Hidden check: the build succeeds; the manifest lists every module with its true hash; the built copy works.
set -u
coderl-run rm -rf dist  # from a clean checkout: nothing prebuilt counts
coderl-run bash scripts/build.sh || { echo "build.sh failed"; exit 1; }
ws="$CODERL_WORKSPACE"
[ -f "$ws/dist/MANIFEST" ] || { echo "no dist/MANIFEST"; exit 1; }
python3 -I - "$ws" <<'PY' || exit 1
import hashlib, sys
from pathlib import Path
ws = Path(sys.argv[1])
want = sorted(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(ws).as_posix()}"
              for p in (ws / "pkgcalc").rglob("*.py"))
got = sorted(l for l in (ws / "dist/MANIFEST").read_text().splitlines() if l.strip())
built = sorted(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  pkgcalc/{p.relative_to(ws / 'dist/pkgcalc').as_posix()}"
               for p in (ws / "dist/pkgcalc").rglob("*.py"))
if len(want) < 3 or got != want or built != want:
    print("manifest or built copy does not match the sources"); sys.exit(1)
PY
out=$(coderl-run python3 -c 'import sys; sys.path.insert(0, "dist"); import pkgcalc; print(pkgcalc.__file__.startswith("dist/") or "/dist/" in pkgcalc.__file__, round(pkgcalc.convert(3, "mi", "km"), 4))')
[ "$out" = "True 4.828" ] || { echo "the built package answered: $out"; exit 1; }
