#!/usr/bin/env bash
# Soak: the Wiring variant under load for a long run, checking that memory stays flat and that
# every request's scope closed (`.onClose` ran once per request).
#
#   Scripts/soak.sh [seconds]      (default 70: about 1,000,000 requests on this machine)
#
# Prints RSS after a warm-up and at the end, requests served, audit logs flushed by `.onClose`,
# and scopes still open.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-70}
port=${PORT:-18090}

swift build -c release --product Server > /dev/null
server=$(swift build -c release --show-bin-path)/Server
pin_server=""; pin_wrk=""
if command -v taskset > /dev/null && [ "$(nproc)" -ge 2 ]; then pin_server="taskset -c 0"; pin_wrk="taskset -c 1"; fi

$pin_server "$server" wiring "$port" 2> /dev/null &
pid=$!
trap 'kill -INT $pid 2> /dev/null || true' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/users/1" > /dev/null 2>&1 && break; sleep 0.1; done

$pin_wrk wrk -t1 -c32 -d5s "http://127.0.0.1:$port/users/42" > /dev/null
before=$(curl -s "http://127.0.0.1:$port/stats")
$pin_wrk wrk -t1 -c32 -d"${seconds}s" "http://127.0.0.1:$port/users/42" | grep -E "requests in|Requests/sec"
sleep 1
after=$(curl -s "http://127.0.0.1:$port/stats")
python3 - "$before" "$after" <<'PY'
import json, sys
before, after = json.loads(sys.argv[1]), json.loads(sys.argv[2])
# Each /stats request counts itself (it goes through the middleware) but resolves no audit log.
served = after["requests"] - before["requests"]
print(f"requests during the soak (scopes opened): {served:,}")
print(f"audit logs flushed by onClose during the soak: {after['auditLogsFlushed'] - before['auditLogsFlushed']:,}")
print(f"scopes open at the end: {after['openScopes']}")
print(f"RSS after warm-up: {before['residentKilobytes']:,} KB, at the end: {after['residentKilobytes']:,} KB, "
      f"growth: {after['residentKilobytes'] - before['residentKilobytes']:,} KB")
PY
