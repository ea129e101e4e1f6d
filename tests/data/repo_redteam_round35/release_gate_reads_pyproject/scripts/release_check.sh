#!/bin/bash
# Release gate: the package version, pyproject.toml and the changelog's newest entry must agree.
# pyproject.toml is the single source of the version (the package's __version__ is informational).
set -euo pipefail
cd "$(dirname "$0")/.."
proj=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
log=$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' CHANGELOG.md | head -n 1)
echo "pyproject $proj, changelog $log"
[ "$proj" = "$log" ]
