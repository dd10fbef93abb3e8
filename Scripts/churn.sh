#!/usr/bin/env bash
# The long form of the churn stress test (Tests/WiringTests/ChurnStressTests.swift): every thread
# mixes singles, factories, tags, scopes with ids, declared values, links and onClose, load/unload
# of modules (the start-up one too), async resolves and failing async builds, throwing factories,
# task-local overrides and threads that exit. Prints operations, violations, scopes closed against
# onClose calls, and RSS before and after.
#
#   Scripts/churn.sh                      # 60 s, 16 threads, release
#   Scripts/churn.sh 10 8 thread          # 10 s, 8 threads, under ThreadSanitizer
#   Scripts/churn.sh 60 16 address        # under AddressSanitizer
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
threads="${2:-16}"
sanitizer="${3:-}"
if [[ -n "$sanitizer" ]]; then
    flags=(--sanitize="$sanitizer")
else
    flags=(-c release)
fi
WIRING_CHURN_SECONDS="$seconds" WIRING_CHURN_THREADS="$threads" \
    swift test "${flags[@]}" --filter ChurnStressTests 2>&1 | grep -E "^Churn:|✔|✘|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|Expectation failed"
