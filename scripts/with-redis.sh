#!/usr/bin/env bash
# Runs a command against a throw-away Redis: installs Debian's redis-server if it is missing
# (scripts/ensure-redis.sh), starts one on a free loopback port with its files in a temporary
# folder and no persistence, exports REDIS_URL, runs the command, and stops Redis whatever happens.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/ensure-redis.sh"

dir=$(mktemp -d /tmp/kino-redis.XXXXXX)
pid=""
stop() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap stop EXIT

# A free port: the kernel picks one for a socket bound to port 0; Redis takes it a moment later.
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --save '' --appendonly no \
  --daemonize no --logfile "$dir/redis.log" &
pid=$!
for _ in $(seq 1 100); do
  redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG && break
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/redis.log" >&2; exit 1; fi
  sleep 0.1
done
redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG || { echo "Redis did not start on port $port" >&2; cat "$dir/redis.log" >&2; exit 1; }

export REDIS_URL="redis://127.0.0.1:$port"
echo "Redis $(redis-server --version | awk '{print $3}' | sed 's/^v=//') at $REDIS_URL"
"$@"
