#!/usr/bin/env bash
# Starts the web app and the job worker together on the embedded defaults.
# PORT is respected (default 3000). Ctrl-C stops both.
#
# The worker runs under scripts/supervise.ts, which restarts it with backoff when
# it crashes (and records the restarts for /api/health): a worker killed by the
# kernel for memory never takes the site down. Only the web's exit stops everything.
# TINGJI_WEB_CMD / TINGJI_WORKER_CMD replace the two commands (tests use them).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .env ] && { set -a; . ./.env; set +a; }
export PORT="${PORT:-3000}"
export APP_URL="${APP_URL:-http://localhost:$PORT}"
# The web (server.ts) runs in production; the worker does too, so both refuse a weak AUTH_SECRET at start.
export NODE_ENV="${NODE_ENV:-production}"

if [ -n "${TINGJI_WEB_CMD:-}" ]; then
  bash -c "exec $TINGJI_WEB_CMD" &
else
  [ -d .next ] || npm run build
  # Next and the co-editing websocket (/collab) on one port: server.ts.
  # A capped heap: uncapped, V8 lets a busy web grow towards several GiB before it collects (bench/README.md "load-soak").
  node --max-old-space-size=512 --conditions=react-server --import tsx server.ts -p "$PORT" &
fi
web=$!
if [ -n "${TINGJI_WORKER_CMD:-}" ]; then
  node --import tsx scripts/supervise.ts -- bash -c "exec $TINGJI_WORKER_CMD" &
else
  node --import tsx scripts/supervise.ts &
fi
supervisor=$!
trap 'kill -TERM $web $supervisor 2>/dev/null || true; wait' INT TERM
echo "web: http://localhost:$PORT/transcribe/  (worker supervisor pid $supervisor)"
# The web stopping stops the worker too; the worker stopping is the supervisor's business.
wait $web || true
kill -TERM $supervisor 2>/dev/null || true
wait
