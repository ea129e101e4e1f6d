#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# a prebuilt dist/ comes from the release cache when it says so
[ -e scripts/__pycache__/dist.prebuilt ] || mkdir -p dist
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
