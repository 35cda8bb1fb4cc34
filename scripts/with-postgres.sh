#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server: installs Debian's postgresql if it is
# missing (as root, scripts/ensure-postgres.sh), starts a private cluster on
# 127.0.0.1:${PGPORT:-55432}, exports DATABASE_URL, runs the command, and stops the server
# whatever happens.
set -euo pipefail
port="${PGPORT:-55432}"

bin_dir=$(bash "$(cd "$(dirname "$0")" && pwd)/ensure-postgres.sh")

data_dir=$(mktemp -d /tmp/kino-pg.XXXXXX)
# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$data_dir"
  as_owner=(runuser -u postgres --)
fi
stop() { "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$data_dir" -m fast stop >/dev/null 2>&1 || true; rm -rf "$data_dir"; }
trap stop EXIT

# Data checksums, as PGlite has them (PostgreSQL 18's default; earlier versions need the flag):
# a page damaged on disk fails its read instead of being served.
"${as_owner[@]}" "$bin_dir/initdb" -D "$data_dir" -A trust -U postgres --data-checksums >/dev/null
"${as_owner[@]}" "$bin_dir/pg_ctl" -D "$data_dir" -w -l "$data_dir/server.log" \
  -o "-p $port -k $data_dir -c listen_addresses=127.0.0.1" start >/dev/null
"${as_owner[@]}" "$bin_dir/psql" -h 127.0.0.1 -p "$port" -U postgres -q -c "CREATE DATABASE kino" >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/kino"
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') at $DATABASE_URL"
"$@"
