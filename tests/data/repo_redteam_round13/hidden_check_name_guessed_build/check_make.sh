#!/bin/bash
# check make: local pre-build check (sourced by scripts/build.sh)
:
