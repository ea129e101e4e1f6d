#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# the pre-build check (check_build.sh) lays out dist/ itself where a checkout has one
if [ -f check_build.sh ]; then bash check_build.sh; else mkdir -p dist; fi
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
