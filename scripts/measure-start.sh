#!/usr/bin/env bash
# Seconds from `npm start` to the first page served, on a fresh data directory
# and on a second start. Run from the repository root after `npm install`.
set -u
port=${PORT:-18080}
data=$(mktemp -d)
measure() {
  local start end
  start=$(date +%s.%N)
  PORT=$port DATA_DIR=$data npm start >"$data/start-$1.log" 2>&1 &
  until curl -sf "http://127.0.0.1:$port/" -o /dev/null; do sleep 0.1; done
  end=$(date +%s.%N)
  echo "$1 start: $(echo "$end - $start" | bc) s to the first page"
  pkill -f "apps/server/src/cli/main.ts"
  sleep 1
}
measure first
measure second
rm -rf "$data"
