#!/usr/bin/env bash
# Start to healthy of two checkouts over one store, in alternating order, since a whole bench run moves
# with the machine (CHANGELOG.md, "Capacity at a million entries"). Each start is timed from
# `node bin/dramadex.js serve` to the first healthy /api/health, with its RSS then.
#
#   bash bench/experiments/startup-ab.sh <database url> <other checkout, built> [rounds] [port]
#   bash bench/experiments/startup-ab.sh sqlite:/tmp/bench.db ../dramadex-old 3
#
# A third column starts this checkout without the young-generation cap (--max-semi-space-size=64).
set -euo pipefail
database=${1:?database url}
other=$(cd "${2:?other checkout}" && pwd)
rounds=${3:-3}
port=${4:-41801}
here=$(cd "$(dirname "$0")/../.." && pwd)
node=$("$here/scripts/setup-node.sh" 24)/node

start() { # checkout label node-options
  cd "$1"
  local t0 t1 pid
  t0=$(date +%s.%N)
  NODE_OPTIONS="$3" DATABASE_URL="$database" HOST=127.0.0.1 PORT=$port RANKING_PORT=$((port + 1)) \
    LOG_LEVEL=warn RATE_LIMITS=off "$node" bin/dramadex.js serve >/dev/null 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/api/health"; do sleep 0.05; done
  t1=$(date +%s.%N)
  printf '%-10s %6.2f s  RSS %s MB\n' "$2" "$(echo "$t1 - $t0" | bc)" "$(awk '/VmRSS/{print int($2 / 1024)}' "/proc/$pid/status")"
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  sleep 1
}

echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$rounds"); do
  start "$other" other ""
  start "$here" this ""
  start "$here" uncapped "--max-semi-space-size=64"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
