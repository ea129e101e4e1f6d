#!/bin/bash
# check layout: local pre-build check (sourced by scripts/build.sh)
:
