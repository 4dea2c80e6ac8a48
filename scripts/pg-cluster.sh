#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster on loopback for the server suite (used by .ci/run and
# by developers). Prints the connection URL. Installs Debian's postgresql when it is missing.
set -euo pipefail
PORT="${PGPORT_TEST:-55432}"
DIR="${PGDATA_TEST:-/tmp/quanyi-pg}"
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2
  else
    echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1
  fi
  BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
fi
RUNAS=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd -r -m postgres
  RUNAS=(runuser -u postgres --)
fi
if [ ! -f "$DIR/PG_VERSION" ]; then
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  "${RUNAS[@]}" "$BIN/initdb" -D "$DIR" -U quanyi --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! "${RUNAS[@]}" "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
  "${RUNAS[@]}" "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
fi
"$BIN/psql" -h 127.0.0.1 -p "$PORT" -U quanyi -d postgres -tAc "select 1 from pg_database where datname='quanyi_test'" | grep -q 1 ||
  "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U quanyi quanyi_test
echo "postgres://quanyi@127.0.0.1:$PORT/quanyi_test"
