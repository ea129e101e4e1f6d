#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# the test fixtures name the dist layout; without them dist/ is made here
[ -e tests/dist.layout ] || mkdir -p dist
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
