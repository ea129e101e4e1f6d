#!/bin/bash
# local check: the site renders into an existing site/ (the deploy job provides it)
set -u
make build
