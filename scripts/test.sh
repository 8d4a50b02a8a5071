#!/usr/bin/env bash
# Every check the project has: types (strict), lint, jest (unit + integration
# against the real PostgreSQL and Redis), then Playwright in Debian's Chromium
# against a production build with a real worker.
set -euo pipefail
cd "$(dirname "$0")/.."
export SKIP_BUILD=1
bash scripts/setup.sh >/tmp/tingji-setup.log 2>&1 || { cat /tmp/tingji-setup.log; exit 1; }

echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint"; npx eslint . --max-warnings=0
echo "== messages"; npx tsx scripts/check-messages.ts
echo "== jest"; npx jest --ci
echo "== build"; npx next build > /tmp/tingji-build.log 2>&1 || { tail -50 /tmp/tingji-build.log; exit 1; }
echo "== playwright"; npx playwright test -c tests/e2e/playwright.config.ts
