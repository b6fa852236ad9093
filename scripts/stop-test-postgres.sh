#!/usr/bin/env bash
# Stops the cluster that start-test-postgres.sh started.
set -u
[ -n "${TEST_PG_DIR:-}" ] || exit 0
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$BIN/pg_ctl -D $TEST_PG_DIR/data -m fast stop" >/dev/null 2>&1
else "$BIN/pg_ctl" -D "$TEST_PG_DIR/data" -m fast stop >/dev/null 2>&1; fi
rm -rf "$TEST_PG_DIR"
