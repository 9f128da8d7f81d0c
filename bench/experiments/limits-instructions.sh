#!/bin/bash
# Why this exists: the limiter's cost per request is a few percent, less than the drift of req/s on a
# shared machine, so this counts it instead: user-space instructions per cached request (callgrind),
# the same keyed request to a server with limits on and one with RATE_LIMITS=off. Left out: the optimizing
# compiler's own work (it still runs after warm-up, a little differently each time). The limits-on figure
# also carries ~500 instructions of the once-a-second poll for new keys: valgrind runs the requests about
# 50× slower, so the poll is spread over 50× fewer of them than in real use.
# The same count compares any setting's two values: the metrics' cost is
#   bench/experiments/limits-instructions.sh METRICS_PORT off 0
#   bench/experiments/limits-instructions.sh        (after npm run build; about a minute and a half; needs valgrind)
set -euo pipefail
cd "$(dirname "$0")/../.."
setting=${1:-RATE_LIMITS}; first=${2:-off}; second=${3:-on}
work=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
# METRICS_PORT=0: a free port, so two runs on one machine never collide on the default 9464.
export DATABASE_URL="sqlite:$work/demo.db" PORT=${PORT:-3990} RANKING_PORT=${RANKING_PORT:-3991} LOG_LEVEL=warn METRICS_PORT=0
cannon=node_modules/.bin/autocannon; url="http://127.0.0.1:$PORT/api/contents"
command -v valgrind > /dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then echo "port $PORT is already in use" >&2; exit 1; fi

wait_healthy() { # $1: log of the server; valgrind makes start-up take tens of seconds
  for _ in $(seq 1 240); do
    curl -sf -o /dev/null -H "x-api-key: ${key:-}" "http://127.0.0.1:$PORT/api/health" && return 0
    sleep 0.5
  done
  echo "the server did not become healthy; its log:" >&2; cat "$1" >&2; exit 1
}

node bin/dramadex.js serve --demo > "$work/demo.log" 2>&1 & demo=$!
wait_healthy "$work/demo.log"
kill $demo; wait $demo 2>/dev/null || true
key=$(node bin/dramadex.js key create --rate 1000000 | tail -1)

instructions_per_request() { # $1: the value of $setting
  local out="$work/callgrind.$1"
  env "$setting=$1" valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
    node bin/dramadex.js serve > "$work/serve.$1.log" 2>&1 &
  wait_healthy "$work/serve.$1.log"
  # Two warm-up runs: closing the first run's connections deoptimizes stream code, the second re-settles it.
  "$cannon" -c 4 -a 30000 -H "x-api-key=$key" "$url" > /dev/null 2>&1
  "$cannon" -c 4 -a 20000 -H "x-api-key=$key" "$url" > /dev/null 2>&1
  callgrind_control -i on > /dev/null 2>&1
  "$cannon" -c 4 -a 10000 -H "x-api-key=$key" "$url" > /dev/null 2>&1
  callgrind_control -i off > /dev/null 2>&1; callgrind_control -d > /dev/null 2>&1
  kill %%; wait 2>/dev/null || true
  callgrind_annotate --threshold=100 "$out".1 | awk -v limits="$setting=$1" '/^ *[0-9,]+ \(/ {
      n = $1; gsub(",", "", n)
      if ($0 ~ /PROGRAM TOTALS/) total = n; else if ($0 ~ /compiler::/) compiler += n }
    END { printf "| %s | %.0f | %.0f | %.0f |\n", limits, total / 10000, compiler / 10000, (total - compiler) / 10000 }'
}

echo "| server (same keyed request) | instructions per request | of them the optimizing compiler | without the compiler |"
echo "|---|--:|--:|--:|"
instructions_per_request "$first"
instructions_per_request "$second"
