#!/usr/bin/env bash
# Soak: the Wiring variant serving a database route until it has answered a number of requests
# (1,000,000 by default), checking that memory stays flat and that every request's scope closed
# (`.onClose` ran once per request).
#
#   [WARMUP=seconds] Scripts/soak.sh [requests] [route]     (route: `db`, the default, reads a todo; or a path
#                                           such as /users/42, served from memory)
#
# Starts PostgreSQL (Scripts/postgres.sh) and the release server (VARIANT=hand for the hand-wired one) pinned to core 0, wrk and
# PostgreSQL on core 1; prints RSS after a warm-up (60 s) and at the end, requests served (scopes
# opened), audit logs flushed by `.onClose`, and scopes still open, with the RSS after each
# 20-second round (growth that stops is the allocator settling; growth that goes on is a leak).
# Stops only what it started. Set MALLOC_ARENA_MAX to see how much of the growth is glibc's
# per-thread arenas.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-1000000}
route_arg=${2:-db}
port=${PORT:-18090}

Scripts/postgres.sh start
swift build -c release --product Server > /dev/null
server=$(swift build -c release --show-bin-path)/Server
pin_server=""; pin_other=""
if command -v taskset > /dev/null && [ "$(nproc)" -ge 2 ]; then
    pin_server="taskset -c 0"; pin_other="taskset -c 1"
    postmaster=$(head -1 "${WIRING_PG_DIR:-/tmp/wiring-postgres-${WIRING_DB_PORT:-54329}}/postmaster.pid" 2> /dev/null || true)
    [ -n "$postmaster" ] && taskset -apc 1 "$postmaster" > /dev/null || true
fi

$pin_server "$server" "${VARIANT:-wiring}" "$port" 2> /dev/null &
pid=$!
trap 'kill -INT $pid 2> /dev/null || true; Scripts/postgres.sh stop' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/hello" > /dev/null 2>&1 && break; sleep 0.1; done
id=$(curl -sf -X POST -H 'content-type: application/json' -d '{"title":"soak"}' "http://127.0.0.1:$port/todos" \
    | python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")
if [ "$route_arg" = db ]; then route="http://127.0.0.1:$port/todos/$id"; else route="http://127.0.0.1:$port$route_arg"; fi

# Warm-up to steady state: the database client opens its connections and sizes its buffers,
# and the allocator its arenas, during the first few hundred thousand requests.
$pin_other wrk -t1 -c32 -d"${WARMUP:-60}s" "$route" > /dev/null
before=$(curl -s "http://127.0.0.1:$port/stats")
served=0
while [ "$served" -lt "$target" ]; do
    out=$($pin_other wrk -t1 -c32 -d20s "$route")
    served=$((served + $(echo "$out" | sed -nE 's/^ *([0-9]+) requests in.*/\1/p')))
    # Read apart from the server (a /stats request would count as a request of the soak).
    echo "   $served requests, RSS $(awk '/^VmRSS/ {print $2}' "/proc/$pid/status") KB"
done
sleep 1
after=$(curl -s "http://127.0.0.1:$port/stats")
python3 - "$before" "$after" <<'PY'
import json, sys
before, after = json.loads(sys.argv[1]), json.loads(sys.argv[2])
# The /stats request counts itself (it goes through the middleware) but resolves no audit log.
served = after["requests"] - before["requests"] - 1
print(f"requests during the soak (scopes opened): {served:,}")
print(f"audit logs flushed by onClose during the soak: {after['auditLogsFlushed'] - before['auditLogsFlushed']:,}")
print(f"scopes open at the end: {after['openScopes']}")
print(f"RSS after warm-up: {before['residentKilobytes']:,} KB, at the end: {after['residentKilobytes']:,} KB, "
      f"growth: {after['residentKilobytes'] - before['residentKilobytes']:,} KB")
PY
