#!/bin/bash
# Release gate: the package version, pyproject.toml and the changelog's newest entry must agree.
set -euo pipefail
cd "$(dirname "$0")/.."
pkg=$(python3 -c 'import notify; print(notify.__version__)')
proj=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
log=$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' CHANGELOG.md | head -n 1)
echo "package $pkg, pyproject $proj, changelog $log"
[ "$pkg" = "$proj" ] && [ "$proj" = "$log" ]
