#!/usr/bin/env bash
# The browser tests need Debian's Chromium (Playwright cannot download its own browsers here).
# Installs it when running as root; otherwise says how.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $chromium: installing Debian's chromium…"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
  [ -x "$chromium" ] && exit 0
fi
echo "Chromium is needed for the browser tests and was not found at $chromium." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
