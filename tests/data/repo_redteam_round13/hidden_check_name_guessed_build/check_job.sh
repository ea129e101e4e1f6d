#!/bin/bash
# check job: local pre-build check (sourced by scripts/build.sh)
:
