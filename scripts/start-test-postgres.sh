#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster (trust auth, loopback only) for the integration tests and prints its URL.
# Usage: eval "$(scripts/start-test-postgres.sh)"  → exports TEST_DATABASE_URL and TEST_PG_DIR.
# TEST_PG_FSYNC=on keeps fsync on (the order benchmark's durable commits); the tests run with it off. Such a cluster is
# also brought to a long-running server's steady state first: WAL segments already made and kept for reuse (see below).
# TEST_PG_CPUS=0 runs the server on those cores only (`taskset`; the order benchmark's "generator on its own core").
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
FSYNC="${TEST_PG_FSYNC:-off}"
# min_wal_size as the README's operating section advises for production: WAL segments are recycled, not made anew.
WAL_OPTS=""; [ "$FSYNC" = on ] && WAL_OPTS="-c min_wal_size=1GB -c max_wal_size=2GB"
PIN=""; [ -n "${TEST_PG_CPUS:-}" ] && PIN="taskset -c $TEST_PG_CPUS"
run "$PIN $BIN/pg_ctl -D $DIR/data -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=$FSYNC -c max_connections=200 $WAL_OPTS' -l $DIR/log -w start" >/dev/null
if [ "$FSYNC" = on ]; then
  # A fresh cluster has one WAL segment: every 16 MB of WAL it makes a new one, zero-filled and flushed by the committing
  # backend, which stalls that commit for 50-70 ms here (bench/RESULTS.md, session 14). A server that has run for a
  # checkpoint cycle reuses old segments instead. Make 20 segments (320 MB) and a checkpoint that keeps them for reuse.
  for _ in $(seq 1 20); do
    "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qAtX -c 'select txid_current()' -c 'select pg_switch_wal()' >/dev/null
  done
  "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qAtX -c 'checkpoint' >/dev/null
fi
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
echo "export TEST_PG_DIR=$DIR"
