#!/bin/bash
# check pkg: local pre-build check (sourced by scripts/build.sh)
:
