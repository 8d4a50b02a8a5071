#!/usr/bin/env bash
# Runs drills at full size and prints their reports:
#   bash scripts/drills/run.sh authz|kills|restarts|hostile   (one)
#   bash scripts/drills/run.sh                                 (all four)
# The same test files run small inside `npm test`; DRILL_FULL=1 makes them full
# size (100 kills, 1,200 hostile cases, several restarts of each service).
set -uo pipefail
cd "$(dirname "$0")/../.."
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(authz kills restarts hostile)
status=0
for name in "${names[@]}"; do
  report="$(mktemp /tmp/tingji-drill-"$name"-XXXX.txt)"
  started=$(date +%s)
  echo "== drill: $name ($(date -u +%FT%TZ))"
  DRILL_FULL=1 DRILL_REPORT="$report" npx jest --ci --runInBand "tests/integration/drills/$name.test.ts"
  rc=$?
  echo "== $name report ($(( $(date +%s) - started )) s, exit $rc)"
  cat "$report" 2>/dev/null
  rm -f "$report"
  [ $rc -ne 0 ] && status=1
done
exit $status
