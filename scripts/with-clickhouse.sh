#!/usr/bin/env bash
# Runs a command against a throw-away ClickHouse: installs Debian's clickhouse-server if it is
# missing (scripts/ensure-clickhouse.sh), starts one on free loopback ports with its data in a
# temporary folder, exports CLICKHOUSE_URL, runs the command, and stops ClickHouse whatever happens.
# Works as root and as any other user: the server runs as whoever calls, and every file it
# touches is in the temporary folder (the packaged /etc/clickhouse-server/config.xml points at
# /var/lib/clickhouse and /var/log, which only the clickhouse user may write, so it is not used).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/ensure-clickhouse.sh"
server=$(command -v clickhouse-server || echo /usr/sbin/clickhouse-server)

dir=$(mktemp -d /tmp/kino-clickhouse.XXXXXX)
pid=""
stop() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT

# Free ports: the kernel picks them for sockets bound to port 0; ClickHouse takes them a moment later.
read -r http_port tcp_port < <(node -e '
  const net = require("net"); const ports = [];
  const take = () => { const s = net.createServer(); s.listen(0, "127.0.0.1", () => { ports.push(s.address().port); s.close(); ports.length < 2 ? take() : console.log(ports.join(" ")); }); };
  take();')

mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas"
# The smallest configuration 18.16 (Debian's) and current releases both start with: loopback
# only, no interserver port, the default user without a password, caches sized for a test.
cat >"$dir/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>$dir/server.log</log>
    <errorlog>$dir/server.err.log</errorlog>
    <size>10M</size>
    <count>1</count>
  </logger>
  <http_port>$http_port</http_port>
  <tcp_port>$tcp_port</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <max_concurrent_queries>100</max_concurrent_queries>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <mark_cache_size>268435456</mark_cache_size>
  <path>$dir/data/</path>
  <tmp_path>$dir/tmp/</tmp_path>
  <user_files_path>$dir/user_files/</user_files_path>
  <format_schema_path>$dir/format_schemas/</format_schema_path>
  <users_config>$dir/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
</yandex>
XML
cat >"$dir/users.xml" <<'XML'
<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas>
    <default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default>
  </quotas>
</yandex>
XML

"$server" --config-file="$dir/config.xml" >"$dir/console.log" 2>&1 &
pid=$!
ping_url="http://127.0.0.1:$http_port/ping"
for _ in $(seq 1 300); do
  [ "$(curl -s "$ping_url" 2>/dev/null)" = "Ok." ] && break
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/console.log" "$dir/server.err.log" >&2 2>/dev/null || true; exit 1; fi
  sleep 0.1
done
[ "$(curl -s "$ping_url" 2>/dev/null)" = "Ok." ] || { echo "ClickHouse did not start on port $http_port" >&2; cat "$dir/server.err.log" >&2 2>/dev/null || true; exit 1; }

export CLICKHOUSE_URL="http://127.0.0.1:$http_port/kino"
echo "ClickHouse $(curl -s "http://127.0.0.1:$http_port/?query=SELECT%20version()") at $CLICKHOUSE_URL"
"$@"
