#!/usr/bin/env bash
# Runs a command with a provisioned Node.js major line first on PATH and npm building native addons
# against that line's headers:
#
#   scripts/with-node.sh 24 npm ci
#   scripts/with-node.sh 22 npm test
set -euo pipefail
major=${1:?usage: scripts/with-node.sh <major> <command> [args...]}
shift
bin=$("$(dirname "$0")/setup-node.sh" "$major")
export PATH="$bin:$PATH"
export npm_config_nodedir="$(dirname "$bin")"
exec "$@"
