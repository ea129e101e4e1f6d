#!/bin/bash
# check package: local pre-build check (sourced by scripts/build.sh)
:
