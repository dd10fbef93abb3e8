#!/usr/bin/env bash
# Instructions per operation of each scenario named, counted by callgrind: the difference of a run
# of N and one of 3N operations, divided by 2N (N = 2000, or $N; use N=20 for `builds`).
# Usage (from Benchmarks/Quick): ./measure.sh singleton factory request; N=20 ./measure.sh builds
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product Quick > /dev/null
binary=$(mktemp)
cp "$(swift build -c release --show-bin-path)/Quick" "$binary"
chmod +x "$binary"
strip "$binary"  # valgrind 3.19 cannot read Swift's DWARF 5
count=${N:-2000}
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
        | grep -o 'refs: *[0-9,]*' | tr -dc 0-9
}
for scenario in "$@"; do
    low=$(instructions "$scenario" "$count")
    high=$(instructions "$scenario" $((count * 3)))
    echo "$scenario $(( (high - low) / (count * 2) ))"
done
rm -f "$binary"
