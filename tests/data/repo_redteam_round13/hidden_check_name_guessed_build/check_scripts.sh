#!/bin/bash
# check scripts: local pre-build check (sourced by scripts/build.sh)
:
