#!/usr/bin/env bash
# One-time (and repeatable) setup on Debian: system packages, npm packages,
# Prisma client, database migrations and a production build.
# Safe to run again: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

need_node() {
  if ! command -v node >/dev/null 2>&1 || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
    echo "Node.js 20 or newer is required (https://nodejs.org or your distribution's nodejs 20+ package)." >&2
    exit 1
  fi
}

SUDO=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && SUDO="sudo"

install_system_packages() {
  # nginx: tests run the scale profile's proxy config in it (tests/integration/nginx-scale.test.ts).
  local want=(ffmpeg pocketsphinx pocketsphinx-en-us sphinxbase-utils python3-pocketsphinx yt-dlp chromium fonts-noto-cjk nginx)
  # A machine without its own PostgreSQL or Redis gets Debian's.
  (echo > /dev/tcp/127.0.0.1/5432) >/dev/null 2>&1 || want+=(postgresql)
  (echo > /dev/tcp/127.0.0.1/6379) >/dev/null 2>&1 || want+=(redis-server)
  local missing=()
  for p in "${want[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
      say "Installing system packages: ${missing[*]}"
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
      # Debian starts nginx's default site on port 80; the tests start their own, so nothing listens unasked.
      if [[ " ${missing[*]} " == *" nginx "* ]]; then
        { $SUDO systemctl disable --now nginx || $SUDO service nginx stop; } >/dev/null 2>&1 || true
      fi
    else
      echo "Please install: ${missing[*]}" >&2
    fi
  fi
  start_services
}

start_services() {
  if ! (echo > /dev/tcp/127.0.0.1/5432) >/dev/null 2>&1 && command -v pg_ctlcluster >/dev/null 2>&1; then
    say "Starting PostgreSQL"
    $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    # Trust local TCP connections for the postgres user, as the embedded defaults expect.
    $SUDO -u postgres psql -qc "ALTER USER postgres PASSWORD 'postgres';" >/dev/null 2>&1 || true
  fi
  if ! (echo > /dev/tcp/127.0.0.1/6379) >/dev/null 2>&1 && command -v redis-server >/dev/null 2>&1; then
    say "Starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  fi
}

write_env() {
  if [ ! -f .env ]; then
    say "Writing .env with a fresh AUTH_SECRET"
    {
      echo "AUTH_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')"
      echo "DATABASE_URL=postgresql://postgres@127.0.0.1:5432/tingji"
      echo "REDIS_URL=redis://127.0.0.1:6379"
    } > .env
  fi
  # Web Push's VAPID pair (lib/server/vapid-keys.ts), added to an older .env too.
  if ! grep -q '^VAPID_PRIVATE_KEY=' .env; then
    say "Adding a fresh VAPID key pair (push notifications) to .env"
    node -e 'const e=require("crypto").createECDH("prime256v1");e.generateKeys();console.log("VAPID_PUBLIC_KEY="+e.getPublicKey().toString("base64url")+"\nVAPID_PRIVATE_KEY="+Buffer.from(e.getPrivateKey().toString("hex").padStart(64,"0"),"hex").toString("base64url"))' >> .env
  fi
}

need_node
[ "${SKIP_APT:-}" = "1" ] || install_system_packages
say "Installing npm packages"
npm install --no-audit --no-fund
say "Generating the Prisma client"
npm run --silent prisma:generate
write_env
set -a; . ./.env; set +a
say "Migrating the database"
npm run --silent migrate
if [ "${SKIP_BUILD:-}" != "1" ]; then
  say "Building the web app"
  npm run build
fi
say "Setup done. Start web and worker with: npm start"
