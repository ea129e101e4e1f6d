#!/bin/bash
# Hidden check: the topology validates, payments points at the ledger's real port, nothing else changed.
set -u
coderl-run python3 -m svc.validate services || { echo "svc.validate reports problems"; exit 1; }
ws="$CODERL_WORKSPACE"
python3 -I - "$ws/services" <<'PY' || exit 1
import configparser, sys
from pathlib import Path
want = {"gateway": ("8080", "orders:8081, payments:8082"), "orders": ("8081", "db:5432"),
        "payments": ("8082", "ledger:9010"), "ledger": ("9010", "db:5432")}
seen = {}
for path in Path(sys.argv[1]).glob("*.ini"):
    p = configparser.ConfigParser(); p.read(path); s = p["service"]
    seen[s["name"]] = (s["port"], s.get("upstreams", ""))
if seen != want:
    print("service configs differ from the expected topology:", seen); sys.exit(1)
PY
