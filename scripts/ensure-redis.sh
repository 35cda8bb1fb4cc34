#!/usr/bin/env bash
# The shared-state tests (npm run test:redis) need Debian's redis-server. Installs it when
# running as root; otherwise says how.
set -euo pipefail
command -v redis-server >/dev/null && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "redis-server not found: installing Debian's redis-server…"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q redis-server >/dev/null
  command -v redis-server >/dev/null && exit 0
fi
echo "redis-server is needed for the shared-state tests and was not found." >&2
echo "Install it with: sudo apt-get install -y redis-server" >&2
exit 1
