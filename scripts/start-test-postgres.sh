#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster (trust auth, loopback only) for the integration tests and prints its URL.
# Usage: eval "$(scripts/start-test-postgres.sh)"  → exports TEST_DATABASE_URL and TEST_PG_DIR.
# TEST_PG_FSYNC=on keeps fsync on (the order benchmark's durable commits); the tests run with it off.
set -euo pipefail
PORT="${TEST_PG_PORT:-}"
if [ -z "$PORT" ]; then
  # The first free port from 55432 (another cluster, say a developer's, may hold the first).
  for p in $(seq 55432 55499); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then PORT=$p; break; fi
  done
fi
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$BIN/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
DIR="$(mktemp -d /tmp/tradepad-pg.XXXXXX)"
chown postgres:postgres "$DIR" 2>/dev/null || true
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
run "$BIN/initdb -D $DIR/data -A trust -U postgres --no-sync -E UTF8" >/dev/null
run "$BIN/pg_ctl -D $DIR/data -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=${TEST_PG_FSYNC:-off} -c max_connections=200' -l $DIR/log -w start" >/dev/null
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
echo "export TEST_PG_DIR=$DIR"
