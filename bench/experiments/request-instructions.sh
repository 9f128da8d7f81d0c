#!/bin/bash
# Why this exists: two request paths that differ by a tenth in CPU (a replayed search against a replayed
# list page) cannot be told apart by req/s on a shared machine, so this counts user-space instructions per
# request (callgrind, all threads of one server), path by path on the same server, after warm-up, with
# each JIT-compiled function named from the server's --perf-basic-prof map. Usage, after `npm run build`:
#   bench/experiments/request-instructions.sh sqlite:/tmp/catalogue.db "$API_KEY" list=/api/contents \
#     'search=/api/search?keyword=%E6%80%BB%E8%A3%81' list2=/api/contents 'search2=...'
# (a database imported with `dramadex import`, a key from `dramadex key create --rate 1000000`; about ten
# minutes on a busy 2-core machine). Prints per path: instructions per request, of them the optimizing
# compiler's and the major collector's (a mark-compact falls into one window or another, see
# docs/deployment.md, "The request path"), and the rest; the callgrind files stay for reading.
set -euo pipefail
cd "$(dirname "$0")/../.."
database=$1; key=$2; shift 2
port=${PORT:-3990}; requests=${REQUESTS:-10000}
work=$(mktemp -d); echo "callgrind files in $work" >&2
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
export DATABASE_URL="$database" PORT=$port RANKING_PORT=$((port + 1)) LOG_LEVEL=warn METRICS_PORT=0
cannon=node_modules/.bin/autocannon
command -v valgrind > /dev/null || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }

# The serving flags on node's own command line: without them the launcher replaces its process image to
# add them (src/boot/young-generation-flags.ts), and the server would run on outside valgrind.
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/cg" \
  node --max-semi-space-size=16 --min-semi-space-size=16 --perf-basic-prof --logfile="$work/v8.log" --no-logfile-per-isolate bin/dramadex.js serve > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 1200); do curl -sf -o /dev/null -H "x-api-key: $key" "http://127.0.0.1:$port/api/health" && break; sleep 0.5; done
load() { "$cannon" -c 4 -a "$1" -H "x-api-key=$key" "http://127.0.0.1:$port$2" > /dev/null 2>&1; }
for pair in "$@"; do load 15000 "${pair#*=}"; load 5000 "${pair#*=}"; done

echo "| path | instructions per request | optimizing compiler | major collector | the rest |"
echo "|---|--:|--:|--:|--:|"
for pair in "$@"; do
  label=${pair%%=*}
  load 10000 "${pair#*=}"
  callgrind_control -i on $server > /dev/null 2>&1
  load "$requests" "${pair#*=}"
  callgrind_control -i off $server > /dev/null 2>&1; callgrind_control -d $server > /dev/null 2>&1
  cp "$(ls -t "$work"/cg.* | head -1)" "$work/$label.callgrind"
  callgrind_annotate --inclusive=no --threshold=100 "$work/$label.callgrind" |
    awk -v label="$label" -v n="$requests" '/^ *[0-9,]+ \(/ {
        count = $1; gsub(",", "", count)
        if ($0 ~ /PROGRAM TOTALS/) total = count
        else if ($0 ~ /compiler::/) compiler += count
        else if ($0 ~ /Marking|Sweeper|MarkCompact|Evacuat/) major += count }
      END { printf "| %s | %.0f | %.0f | %.0f | %.0f |\n", label, total / n, compiler / n, major / n, (total - compiler - major) / n }'
done
cp "/tmp/perf-$server.map" "$work/" 2>/dev/null || true
