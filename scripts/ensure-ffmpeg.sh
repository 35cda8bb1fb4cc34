#!/usr/bin/env bash
# The media tools (npm run media, npm run media:detect-intro) and the intro detection's test on
# the demo series need ffmpeg/ffprobe; the media script also speaks with espeak-ng. Installs
# Debian's packages when running as root; otherwise says how.
set -euo pipefail
missing=()
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]}…"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  command -v ffmpeg >/dev/null && command -v espeak-ng >/dev/null && exit 0
fi
echo "The media tools need ${missing[*]}, which were not found." >&2
echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
exit 1
