#!/bin/bash
# check copy: local pre-build check (sourced by scripts/build.sh)
:
