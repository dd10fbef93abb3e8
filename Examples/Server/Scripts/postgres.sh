#!/usr/bin/env bash
# A PostgreSQL for the example server, on loopback, with the role and database it expects.
#
#   Scripts/postgres.sh start   # installs PostgreSQL (Debian packages) if missing, starts a
#                               # cluster of its own on 127.0.0.1:$WIRING_DB_PORT (54329), creates
#                               # the role and the database; a server already there is reused
#   Scripts/postgres.sh stop    # stops the cluster, only if `start` started it
#
# The cluster lives in $WIRING_PG_DIR (/tmp/wiring-postgres-PORT). Settings match
# `DatabaseSettings.fromEnvironment()`: WIRING_DB_PORT, WIRING_DB_USER, WIRING_DB_PASSWORD,
# WIRING_DB_NAME.
set -euo pipefail

port=${WIRING_DB_PORT:-54329}
user=${WIRING_DB_USER:-wiring}
password=${WIRING_DB_PASSWORD:-wiring}
database=${WIRING_DB_NAME:-wiring_example}
dir=${WIRING_PG_DIR:-/tmp/wiring-postgres-$port}
marker="$dir.started-by-script"

if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1; }

# Runs a PostgreSQL program as the cluster's owner (PostgreSQL refuses to run as root).
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ready() { "$(bin_dir)/pg_isready" -q -h 127.0.0.1 -p "$port" 2> /dev/null; }

start() {
    if [ -z "$(bin_dir)" ]; then
        echo "== installing PostgreSQL"
        $sudo apt-get install -y postgresql > /dev/null 2>&1 \
            || { $sudo apt-get update > /dev/null && $sudo apt-get install -y postgresql > /dev/null; }
    fi
    local bin
    bin=$(bin_dir)
    if ready; then
        echo "== PostgreSQL already running on 127.0.0.1:$port: reused"
    else
        if [ ! -s "$dir/PG_VERSION" ]; then
            mkdir -p "$dir"
            [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
            as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust > /dev/null
        fi
        as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=100" start > /dev/null
        touch "$marker"
        echo "== PostgreSQL started on 127.0.0.1:$port ($dir)"
    fi
    local psql=("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -qtA)
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != 1 ]; then
        "${psql[@]}" -c "CREATE ROLE \"$user\" LOGIN PASSWORD '$password'"
    fi
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]; then
        "${psql[@]}" -c "CREATE DATABASE \"$database\" OWNER \"$user\""
    fi
}

stop() {
    if [ ! -e "$marker" ]; then
        echo "== PostgreSQL on 127.0.0.1:$port was not started by this script: left running"
        return
    fi
    as_owner "$(bin_dir)/pg_ctl" -D "$dir" -m fast -w stop > /dev/null || true
    rm -f "$marker"
    echo "== PostgreSQL on 127.0.0.1:$port stopped"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *)
        echo "usage: $0 start|stop" >&2
        exit 2
        ;;
esac
