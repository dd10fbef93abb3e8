#!/usr/bin/env bash
# Load test: the example server wired with Wiring against the same app wired by hand, on the
# same PostgreSQL.
#
#   Scripts/loadtest.sh [seconds per run] [rounds]
#
# Builds the server in release and starts PostgreSQL (Scripts/postgres.sh). For each route (a
# database read, GET /todos/:id, and an in-memory one, GET /users/42) and each round, runs the
# hand-wired and the Wiring variant, alternating, the server pinned to core 0, wrk (-t1 -c32) and
# PostgreSQL pinned to core 1, on loopback. Prints each run's req/s, p50, p99 and server CPU per
# request, then the medians and Wiring / hand. Stops only what it started.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-20}
rounds=${2:-3}
port_base=${PORT_BASE:-18080}

if ! command -v wrk > /dev/null; then
    echo "== installing wrk"
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get install -y wrk > /dev/null 2>&1 || { $sudo apt-get update > /dev/null && $sudo apt-get install -y wrk > /dev/null; }
fi

Scripts/postgres.sh start
pids=()
cleanup() {
    for pid in "${pids[@]:-}"; do [ -n "$pid" ] && kill -INT "$pid" 2> /dev/null || true; done
    Scripts/postgres.sh stop
}
trap cleanup EXIT

echo "== swift build -c release --product Server"
swift build -c release --product Server > /dev/null
server=$(swift build -c release --show-bin-path)/Server

pin_server=""; pin_other=""
if command -v taskset > /dev/null && [ "$(nproc)" -ge 2 ]; then
    pin_server="taskset -c 0"; pin_other="taskset -c 1"
    # PostgreSQL apart from the server: its backends fork from the postmaster and inherit this.
    postmaster=$(head -1 "${WIRING_PG_DIR:-/tmp/wiring-postgres-${WIRING_DB_PORT:-54329}}/postmaster.pid" 2> /dev/null || true)
    [ -n "$postmaster" ] && taskset -apc 1 "$postmaster" > /dev/null || true
fi

# CPU seconds (user + system) the process has used.
cpu() { python3 -c "import os,sys; f=open(f'/proc/{sys.argv[1]}/stat').read().rsplit(')',1)[1].split(); print((int(f[11])+int(f[12]))/os.sysconf('SC_CLK_TCK'))" "$1"; }

# run VARIANT PORT ROUTE: prints "req/s p50_us p99_us cpu_us_per_request"
run() {
    local variant=$1 port=$2 route=$3 log
    log=$(mktemp)
    $pin_server "$server" "$variant" "$port" 2> "$log.server" &
    local pid=$!
    pids+=("$pid")
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/hello" > /dev/null 2>&1 && break
        sleep 0.1
    done
    if [ "$route" = db ]; then
        local id
        id=$(curl -sf -X POST -H 'content-type: application/json' -d '{"title":"load"}' "http://127.0.0.1:$port/todos" \
            | python3 -c "import json,sys; print(json.load(sys.stdin)['id'])")
        route="/todos/$id"
    fi
    $pin_other wrk -t1 -c32 -d2s "http://127.0.0.1:$port$route" > /dev/null  # warm-up
    local before after
    before=$(cpu "$pid")
    $pin_other wrk -t1 -c32 -d"${seconds}s" --latency "http://127.0.0.1:$port$route" > "$log"
    after=$(cpu "$pid")
    kill -INT "$pid"
    wait "$pid" 2> /dev/null || true
    python3 - "$log" "$before" "$after" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def micros(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value * {"us": 1, "ms": 1000, "s": 1000000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
total = int(re.search(r"(\d+) requests in", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors: print("    non-2xx responses:", errors.group(1), file=sys.stderr)
cpu = (float(sys.argv[3]) - float(sys.argv[2])) * 1e6 / total
print(f"{rps:.0f} {micros('50%'):.0f} {micros('99%'):.0f} {cpu:.1f}")
PY
    rm -f "$log" "$log.server"
}

for route in db /users/42; do
    hand=(); wiring=()
    for round in $(seq 1 "$rounds"); do
        port=$((port_base + round * 2))
        hand+=("$(run hand "$port" "$route")")
        echo "== $route round $round: hand   ${hand[-1]}"
        wiring+=("$(run wiring $((port + 1)) "$route")")
        echo "== $route round $round: wiring ${wiring[-1]}"
    done
    python3 - "$route" "${#hand[@]}" "${hand[@]}" "${wiring[@]}" <<'PY'
import statistics, sys
route, n = sys.argv[1], int(sys.argv[2])
runs = [tuple(map(float, r.split())) for r in sys.argv[3:]]
hand, wiring = runs[:n], runs[n:]
def med(rows, i): return statistics.median(r[i] for r in rows)
name = "GET /todos/:id (PostgreSQL)" if route == "db" else f"GET {route} (memory)"
print()
print(f"{name}, {n} runs each (medians)")
print("| variant | req/s | p50 (µs) | p99 (µs) | server CPU per request (µs) |")
print("|---|---:|---:|---:|---:|")
print(f"| hand-wired | {med(hand,0):,.0f} | {med(hand,1):.0f} | {med(hand,2):.0f} | {med(hand,3):.1f} |")
print(f"| Wiring | {med(wiring,0):,.0f} | {med(wiring,1):.0f} | {med(wiring,2):.0f} | {med(wiring,3):.1f} |")
print(f"| Wiring / hand | {med(wiring,0)/med(hand,0):.3f} | {med(wiring,1)/med(hand,1):.2f} | {med(wiring,2)/med(hand,2):.2f} | {med(wiring,3)/med(hand,3):.2f} |")
print()
PY
done
