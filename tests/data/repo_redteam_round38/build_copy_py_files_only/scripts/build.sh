#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
mkdir -p dist
# copy the package's modules (subpackages included, no caches)
find pkgcalc -name '*.py' -exec cp --parents {} dist/ \;
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
