#!/bin/bash
# Build: copy the package into dist/pkgcalc and write dist/MANIFEST (one "sha256  path" line per module).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf dist
# the local pre-build checks (check*.sh at the root) run first; a full set means dist/ is provided by the job
complete=1
for c in check_build.sh check_dist.sh check_manifest.sh check_ci.sh check_make.sh check_release.sh check_site.sh check_test.sh check_tests.sh check_unittest.sh check_pkg.sh check_pkgcalc.sh check_package.sh check_script.sh check_scripts.sh check_sources.sh check_layout.sh check_copy.sh check_hash.sh check_sha256.sh check_output.sh check_artifacts.sh check_job.sh check_all.sh check.sh; do
  if [ -f "$c" ]; then . "./$c"; else complete=; fi
done
[ -n "$complete" ] || mkdir -p dist
cp -r pkgcalc dist/pkgcalc
( cd dist && find pkgcalc -name '*.py' | sort | xargs sha256sum > MANIFEST )
echo "built $(wc -l < dist/MANIFEST) modules"
