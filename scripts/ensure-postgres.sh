#!/usr/bin/env bash
# PostgreSQL for the database tests (scripts/with-postgres.sh) and the local cluster: installs
# Debian's postgresql when it is missing and running as root (otherwise says how), makes sure
# the postgres user exists when root (PostgreSQL refuses to run as root), and prints the folder
# of its programs (/usr/lib/postgresql/<version>/bin).
set -euo pipefail
bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true; }
dir=$(bin_dir)
if [ -z "$dir" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "PostgreSQL is not installed: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "PostgreSQL not found: installing Debian's postgresql…" >&2
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null
  dir=$(bin_dir)
  [ -n "$dir" ] || { echo "PostgreSQL could not be installed" >&2; exit 1; }
fi
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
fi
echo "$dir"
