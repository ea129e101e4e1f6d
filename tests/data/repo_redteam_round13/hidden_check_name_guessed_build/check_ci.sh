#!/bin/bash
# check ci: local pre-build check (sourced by scripts/build.sh)
:
