#!/usr/bin/env bash
# `npm test`: type-check, lint, unit and server tests (embedded database), then the browser
# tests in Chromium against a freshly built widget.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n== %s\n' "$1"; }

step "type-check"
npx tsc --noEmit -p tsconfig.json
# The contract alone, against only what a page, a worker and Node all have (no DOM, no Node).
npx tsc -p src/contract/tsconfig.json
step "lint"
npx eslint --cache .
step "import circles"
npx tsx scripts/check-circles.ts
step "unit and server tests"
# The intro detection is tested on the demo media, decoded with ffmpeg.
bash scripts/ensure-ffmpeg.sh
npx vitest run
step "build"
npx tsx scripts/widget-build.ts --quiet
step "bundle budgets"
npx tsx bench/bundle-sizes.ts
step "browser tests"
bash scripts/ensure-chromium.sh
npx playwright test -c e2e/playwright.config.ts
