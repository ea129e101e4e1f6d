#!/bin/bash
# check output: local pre-build check (sourced by scripts/build.sh)
:
