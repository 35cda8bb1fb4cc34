#!/usr/bin/env bash
# Analytics on ClickHouse (CLICKHOUSE_URL: npm run test:clickhouse, the analytics store bench) and
# the local cluster need Debian's clickhouse-server. Installs it when running as root; otherwise says how.
set -euo pipefail
command -v clickhouse-server >/dev/null && exit 0
[ -x /usr/sbin/clickhouse-server ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "clickhouse-server not found: installing Debian's clickhouse-server…"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q clickhouse-server >/dev/null
  { command -v clickhouse-server >/dev/null || [ -x /usr/sbin/clickhouse-server ]; } && exit 0
fi
echo "clickhouse-server is needed for the ClickHouse analytics tests and was not found." >&2
echo "Install it with: sudo apt-get install -y clickhouse-server" >&2
exit 1
