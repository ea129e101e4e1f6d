#!/bin/bash
# check tests: local pre-build check (sourced by scripts/build.sh)
:
