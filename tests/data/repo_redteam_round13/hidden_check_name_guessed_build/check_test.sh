#!/bin/bash
# check test: local pre-build check (sourced by scripts/build.sh)
:
