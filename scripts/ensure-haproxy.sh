#!/usr/bin/env bash
# The local cluster (npm run cluster) balances its servers with Debian's haproxy. Installs it
# when running as root; otherwise says how.
set -euo pipefail
command -v haproxy >/dev/null && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "haproxy not found: installing Debian's haproxy…"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy >/dev/null
  command -v haproxy >/dev/null && exit 0
fi
echo "haproxy is needed for the local cluster and was not found." >&2
echo "Install it with: sudo apt-get install -y haproxy" >&2
exit 1
