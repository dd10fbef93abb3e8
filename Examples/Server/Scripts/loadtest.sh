#!/usr/bin/env bash
# Load test: the example server wired with Wiring against the same app wired by hand.
#
#   Scripts/loadtest.sh [seconds per run] [rounds] [route]
#
# Builds the server in release, then for each round runs the hand-wired and the Wiring variant
# (alternating), each pinned to core 0, under `wrk -t1 -c32` pinned to core 1, on loopback, for
# a bounded time. Prints req/s, p50 and p99 of every run, the medians, and Wiring / hand. Only
# the server processes this script started are stopped. Each server prints what it counted at
# shutdown (requests, audit logs flushed by `.onClose`, open scopes, RSS).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-20}
rounds=${2:-3}
route=${3:-/users/42}
port_base=${PORT_BASE:-18080}

if ! command -v wrk > /dev/null; then
    echo "== installing wrk"
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get install -y wrk > /dev/null 2>&1 || { $sudo apt-get update > /dev/null && $sudo apt-get install -y wrk > /dev/null; }
fi

echo "== swift build -c release --product Server"
swift build -c release --product Server > /dev/null
server=$(swift build -c release --show-bin-path)/Server

cores=$(nproc)
pin_server=""; pin_wrk=""
if command -v taskset > /dev/null && [ "$cores" -ge 2 ]; then
    pin_server="taskset -c 0"; pin_wrk="taskset -c 1"
fi

pids=()
cleanup() { for pid in "${pids[@]:-}"; do [ -n "$pid" ] && kill -INT "$pid" 2> /dev/null || true; done; }
trap cleanup EXIT

# run VARIANT PORT: prints "req/s p50_us p99_us"
run() {
    local variant=$1 port=$2 log
    log=$(mktemp)
    $pin_server "$server" "$variant" "$port" 2> "$log.server" &
    local pid=$!
    pids+=("$pid")
    for _ in $(seq 1 100); do
        curl -sf "http://127.0.0.1:$port/users/1" > /dev/null 2>&1 && break
        sleep 0.1
    done
    $pin_wrk wrk -t1 -c32 -d"${seconds}s" --latency "http://127.0.0.1:$port$route" > "$log"
    kill -INT "$pid"
    wait "$pid" 2> /dev/null || true
    grep "stopped" "$log.server" | sed "s/^/    /" >&2
    python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def micros(label):
    m = re.search(r"^\s*" + label + r"\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value * {"us": 1, "ms": 1000, "s": 1000000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors: print("    non-2xx responses:", errors.group(1), file=sys.stderr)
print(f"{rps:.0f} {micros('50%'):.0f} {micros('99%'):.0f}")
PY
    rm -f "$log" "$log.server"
}

declare -a hand wiring
for round in $(seq 1 "$rounds"); do
    port=$((port_base + round * 2))
    echo "== round $round: hand"
    hand+=("$(run hand "$port")")
    echo "   ${hand[-1]}"
    echo "== round $round: wiring"
    wiring+=("$(run wiring $((port + 1)))")
    echo "   ${wiring[-1]}"
done

python3 - "$route" "${#hand[@]}" "${hand[@]}" "${wiring[@]}" <<'PY'
import statistics, sys
route, n = sys.argv[1], int(sys.argv[2])
runs = [tuple(map(float, r.split())) for r in sys.argv[3:]]
hand, wiring = runs[:n], runs[n:]
def med(rows, i): return statistics.median(r[i] for r in rows)
print()
print(f"route {route}, {n} runs each (medians)")
print(f"| variant | req/s | p50 (µs) | p99 (µs) |")
print(f"|---|---:|---:|---:|")
print(f"| hand-written | {med(hand,0):,.0f} | {med(hand,1):.0f} | {med(hand,2):.0f} |")
print(f"| Wiring | {med(wiring,0):,.0f} | {med(wiring,1):.0f} | {med(wiring,2):.0f} |")
print(f"| Wiring / hand | {med(wiring,0)/med(hand,0):.2f} | {med(wiring,1)/med(hand,1):.2f} | {med(wiring,2)/med(hand,2):.2f} |")
PY
