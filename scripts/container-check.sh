#!/usr/bin/env bash
# The container deployment, run for real (docs/deployment.md, "Checking the containers"): builds the image
# with docker or podman, runs README.md's single-container quick start and checks it serves, keeps its data
# in the volume, runs as uid 1000, stops on SIGTERM within seconds and exits at once with one line when it
# cannot open its database; then starts deploy/docker-compose.yml and checks health through nginx, an
# import seen by both instances, and nginx finding recreated instances again. The README's lines are read
# from README.md itself (between the `container-check` markers), so what it tells people is what runs here:
# only the engine, the container's name, the volume and the host port are made this run's own, so nothing
# of an existing installation is touched. Not part of .ci/run: CI machines cannot pull base images.
#
#   bash scripts/container-check.sh            # CONTAINER_ENGINE=podman to choose; KEEP=1 leaves it all up
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "container-check: FAILED: $*" >&2
  exit 1
}
step() { echo "container-check: $*"; }

ENGINE=${CONTAINER_ENGINE:-}
if [[ -z $ENGINE ]]; then
  for candidate in docker podman; do
    if command -v "$candidate" >/dev/null && "$candidate" info >/dev/null 2>&1; then
      ENGINE=$candidate
      break
    fi
  done
fi
[[ -n $ENGINE ]] || fail "neither docker nor podman is installed and running"
command -v curl >/dev/null || fail "curl is needed"

RUN="dramadex-check-$$"
PORT=${CHECK_PORT:-13000}
HTTP_PORT=${CHECK_HTTP_PORT:-18080}
RANKING_HTTP_PORT=${CHECK_RANKING_HTTP_PORT:-18081}
WORK=$(mktemp -d)
ENV_FILE="$WORK/compose.env"

compose() {
  "$ENGINE" compose -p "$RUN" --env-file "$ENV_FILE" -f deploy/docker-compose.yml "$@"
}

cleanup() {
  if [[ ${KEEP:-0} == 1 ]]; then
    step "KEEP=1: left $RUN (container, volume, compose project) and $WORK"
    return
  fi
  "$ENGINE" rm -f "$RUN" "$RUN-readonly" >/dev/null 2>&1 || true
  "$ENGINE" volume rm -f "$RUN-data" >/dev/null 2>&1 || true
  if [[ -f $ENV_FILE ]]; then compose down -v --remove-orphans >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# README.md's container lines, as written there.
mapfile -t README_LINES < <(awk '/<!-- container-check: begin -->/ { on = 1; next } /<!-- container-check: end -->/ { on = 0 } on && /^docker /' README.md)
[[ ${#README_LINES[@]} -eq 2 && ${README_LINES[0]} == "docker build "* && ${README_LINES[1]} == "docker run -d "* ]] ||
  fail "README.md's container-check block should hold a 'docker build' line and a 'docker run -d' line, found: ${README_LINES[*]:-nothing}"

# This run's own engine, name, volume and port; the rest of each line stays as the README has it.
own() {
  sed -e "s/^docker /$ENGINE /" -e "s/--name dramadex /--name $RUN /" -e "s/ dramadex-data:/ $RUN-data:/" -e "s/-p 3000:3000/-p 127.0.0.1:$PORT:3000/" <<<"$1"
}

# Waits until the container's own health check says healthy; fails with its log if it stops first.
wait_healthy() {
  local name=$1 status
  for _ in $(seq 1 60); do
    status=$("$ENGINE" inspect -f '{{.State.Health.Status}}' "$name" 2>/dev/null || echo gone)
    [[ $status == healthy ]] && return 0
    if [[ $("$ENGINE" inspect -f '{{.State.Running}}' "$name" 2>/dev/null) != true ]]; then
      "$ENGINE" logs "$name" >&2 || true
      fail "$name stopped before it was healthy"
    fi
    sleep 2
  done
  "$ENGINE" logs "$name" >&2 || true
  fail "$name not healthy after 120 s (last status: $status)"
}

step "engine: $ENGINE; building the image: $(own "${README_LINES[0]}")"
eval "$(own "${README_LINES[0]}")"

step "the quick start: $(own "${README_LINES[1]}")"
eval "$(own "${README_LINES[1]}")" >/dev/null
wait_healthy "$RUN"
curl -fsS "http://127.0.0.1:$PORT/api/health" | grep -q '"healthy"' || fail "/api/health from the host is not healthy"
[[ $("$ENGINE" exec "$RUN" id -u) == 1000 ]] || fail "the server does not run as uid 1000"
"$ENGINE" exec "$RUN" test -s /app/data/dramadex.db || fail "no database file in the /app/data volume"
started=$SECONDS
"$ENGINE" stop -t 10 "$RUN" >/dev/null
((SECONDS - started < 8)) || fail "stopping took $((SECONDS - started)) s: SIGTERM was not acted on"
[[ $("$ENGINE" inspect -f '{{.State.ExitCode}}' "$RUN") == 0 ]] || fail "the server did not exit 0 on SIGTERM"
step "single container: healthy, uid 1000, data in the volume, stopped in $((SECONDS - started)) s"

# A data folder it cannot write: one line and a prompt exit, never a container that sits up unhealthy.
mkdir "$WORK/readonly"
"$ENGINE" run -d --name "$RUN-readonly" -v "$WORK/readonly:/app/data:ro" dramadex >/dev/null
for _ in $(seq 1 15); do
  [[ $("$ENGINE" inspect -f '{{.State.Running}}' "$RUN-readonly") == true ]] || break
  sleep 1
done
[[ $("$ENGINE" inspect -f '{{.State.Running}}' "$RUN-readonly") == false ]] || fail "a server that cannot open its database is still running after 15 s"
[[ $("$ENGINE" inspect -f '{{.State.ExitCode}}' "$RUN-readonly") != 0 ]] || fail "a server that cannot open its database exited 0"
"$ENGINE" logs "$RUN-readonly" 2>&1 | grep -q '^dramadex: cannot open the database' || fail "no one-line reason in the log"
step "an unwritable data folder: exited with one line"

step "compose: PostgreSQL, Redis, two instances, nginx on 127.0.0.1:$HTTP_PORT"
printf 'POSTGRES_PASSWORD=%s\nDRAMADEX_HTTP_PORT=%s\nDRAMADEX_RANKING_HTTP_PORT=%s\n' \
  "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" "$HTTP_PORT" "$RANKING_HTTP_PORT" >"$ENV_FILE"
compose up -d --build >/dev/null

# Through nginx the host is one client address with a budget of 1 request per 3 s: ask every 4 s.
wait_through_nginx() {
  for _ in $(seq 1 30); do
    [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$HTTP_PORT/api/health") == 200 ]] && return 0
    sleep 4
  done
  compose logs --tail 50 >&2 || true
  fail "no healthy answer through nginx after 120 s"
}
wait_through_nginx
step "healthy through nginx"

TITLE="容器检查$$"
printf '{"title":"%s","source_link":"https://pan.example.com/s/container-check-%s","type":"post","update_time":"2024-01-01 12:00:00"}\n' \
  "$TITLE" "$$" >"$WORK/check.ndjson"
compose run --rm -v "$WORK/check.ndjson:/import/check.ndjson:ro" app1 import /import/check.ndjson
# Each instance asked on its own, from inside its container (127.0.0.1 is exempt from the limits there).
seen_by() {
  compose exec -T -e TITLE="$TITLE" "$1" node -e \
    "fetch('http://127.0.0.1:3000/api/search?keyword=' + encodeURIComponent(process.env.TITLE)).then((r) => r.text()).then((t) => process.exit(t.includes(process.env.TITLE) ? 0 : 1), () => process.exit(1))"
}
for app in app1 app2; do
  for attempt in $(seq 1 10); do
    seen_by "$app" && break
    ((attempt < 10)) || fail "$app does not serve the imported entry"
    sleep 1
  done
done
step "the import is served by app1 and app2"

compose up -d --force-recreate --no-deps app1 app2 >/dev/null
for app in app1 app2; do wait_healthy "$(compose ps -q "$app")"; done
wait_through_nginx
step "recreated instances are reached through nginx again"
step "all checks passed"
