#!/bin/bash
# check artifacts: local pre-build check (sourced by scripts/build.sh)
:
