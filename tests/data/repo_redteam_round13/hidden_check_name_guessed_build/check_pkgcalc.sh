#!/bin/bash
# check pkgcalc: local pre-build check (sourced by scripts/build.sh)
:
