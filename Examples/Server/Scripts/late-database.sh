#!/usr/bin/env bash
# Runs the late-database start N times (20 unless given): the server starts with its database
# down, the database comes up 8 s later, and the server must come up and serve every time.
#
#   Scripts/postgres.sh start && Scripts/late-database.sh 20
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
swift build --build-tests > /dev/null
passed=0
for run in $(seq 1 "$runs"); do
    if WIRING_DB_TESTS=1 swift test --skip-build --filter aDatabaseThatComesUpLateIsWaitedFor > /tmp/late-database-$run.log 2>&1 \
        && grep -q "Test run with 1 test in 1 suite passed" /tmp/late-database-$run.log; then
        passed=$((passed + 1))
        echo "run $run: served once the database came up"
    else
        echo "run $run: FAILED (see /tmp/late-database-$run.log)"
    fi
done
echo "$passed of $runs runs passed"
[ "$passed" = "$runs" ]
