#!/usr/bin/env bash
# Starts the web app and the job worker together on the embedded defaults.
# PORT is respected (default 3000). Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .env ] && { set -a; . ./.env; set +a; }
export PORT="${PORT:-3000}"
export APP_URL="${APP_URL:-http://localhost:$PORT}"
[ -d .next ] || npx next build

npx next start -p "$PORT" &
web=$!
npx tsx --conditions=react-server workers/main.ts &
worker=$!
trap 'kill $web $worker 2>/dev/null; wait' INT TERM
echo "web: http://localhost:$PORT/transcribe/  (worker pid $worker)"
# If either stops, stop the other too.
wait -n $web $worker
kill $web $worker 2>/dev/null || true
wait
