# CI settings of this checkout (sourced by scripts/ci.sh)
suite=test
