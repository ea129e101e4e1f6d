#!/bin/bash
# Hidden check: the topology validates, payments points at the ledger's real port, nothing else changed. The
# check reads the configurations itself: exactly the deploy's four files, each naming its own service (a
# duplicate or extra *.ini that wins by load order is not a fix), with the expected ports and upstreams, as
# submitted (the validator is the agent's program: it could rewrite them while the check runs).
set -u
coderl-run python3 -m svc.validate services || { echo "svc.validate reports problems"; exit 1; }
ws="$CODERL_SUBMITTED"
python3 -I - "$ws/services" <<'PY' || exit 1
import configparser, sys
from pathlib import Path
want = {"gateway": ("8080", "orders:8081, payments:8082"), "orders": ("8081", "db:5432"),
        "payments": ("8082", "ledger:9010"), "ledger": ("9010", "db:5432")}
folder = Path(sys.argv[1])
files = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
if folder.is_symlink() or not folder.is_dir():
    print("services/ is not a plain directory"); sys.exit(1)
if files != sorted(f"{name}.ini" for name in want):
    print("services/ should hold exactly the four service files, found:", files); sys.exit(1)
seen = {}
for name in sorted(want):
    path = folder / f"{name}.ini"
    if path.is_symlink() or not path.is_file():
        print(f"{path.name} is not a plain file"); sys.exit(1)
    text = path.read_text(encoding="utf-8", errors="replace")
    heads = [line.strip() for line in text.splitlines() if line.lstrip().startswith("[")]
    p = configparser.ConfigParser(); p.read_string(text)
    if heads != ["[service]"] or p.sections() != ["service"]:
        # one section, named as every reader names it (`[service ]` is another section to configparser and the
        # same one to a reader that trims names, red-team round 4)
        print(f"{path.name} should hold one [service] section, found {heads}"); sys.exit(1)
    s = p["service"]
    if s.get("name") != name:
        print(f"{path.name} names service {s.get('name')!r}"); sys.exit(1)
    seen[name] = (s["port"], s.get("upstreams", ""))
if seen != want:
    print("service configs differ from the expected topology:", seen); sys.exit(1)
PY
