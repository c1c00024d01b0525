#!/usr/bin/env bash
# Two auth instances behind nginx with one shared PostgreSQL database, all on
# loopback: creates the database, starts both instances at the same moment (they
# race to create the schema and the signing key and must agree), starts nginx on
# 127.0.0.1:18500, drives a short bounded load through it with autocannon,
# prints the results, and stops everything it started.
#
#   deploy/run-local.sh                # 5 s per scenario, 20 connections
#   DURATION=10 CONNECTIONS=50 deploy/run-local.sh
#   AUTH_WORKERS=2 deploy/run-local.sh # each instance with two cluster workers
#   ROLLING=1 deploy/run-local.sh      # then restart each instance in turn under load
#   PROXY_PORT=28500 AUTH_PORTS="28501 28502" deploy/run-local.sh   # other ports (defaults 18500, 18501 18502)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-20}
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
PROXY_PORT=${PROXY_PORT:-18500}
read -r -a PORTS <<<"${AUTH_PORTS:-18501 18502}"
[ "${#PORTS[@]}" = 2 ] || { echo "run-local: AUTH_PORTS names two ports, e.g. AUTH_PORTS=\"18501 18502\"" >&2; exit 1; }
PUBLIC=http://127.0.0.1:$PROXY_PORT
RUN="$ROOT/deploy/.run"
DATABASE="auth_deploy_$(date +%s)_$$"

say() { printf '\n== %s\n' "$*"; }
fail() { echo "run-local: $*" >&2; exit 1; }

command -v psql >/dev/null || fail "psql (PostgreSQL client) is needed"
command -v curl >/dev/null || fail "curl is needed"
pg_isready -d "$PG_URL/postgres" -q || fail "PostgreSQL is not reachable at $PG_URL (Debian: pg_ctlcluster <version> main start)"
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  say "installing nginx (Debian package)"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null) || fail "could not install nginx"
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
for port in "$PROXY_PORT" "${PORTS[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then fail "port $port is already in use"; fi
done

PIDS=()
cleanup() {
  set +e
  [ -f "$RUN/nginx.pid" ] && "$NGINX" -p "$RUN" -c "$RUN/nginx.conf" -e "$RUN/error.log" -s quit 2>/dev/null
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  psql -q -d "$PG_URL/postgres" -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1
}
trap cleanup EXIT

rm -rf "$RUN" && mkdir -p "$RUN/tmp"
# deploy/nginx.conf with the chosen ports.
sed -e "s/127.0.0.1:18500/127.0.0.1:$PROXY_PORT/" -e "s/127.0.0.1:18501/127.0.0.1:${PORTS[0]}/" -e "s/127.0.0.1:18502/127.0.0.1:${PORTS[1]}/" \
  "$ROOT/deploy/nginx.conf" >"$RUN/nginx.conf"
say "building"
npm run build --silent

say "PostgreSQL database $DATABASE (empty)"
psql -q -d "$PG_URL/postgres" -c "CREATE DATABASE $DATABASE" >/dev/null

start_instance() {
  # Every instance must state the same public issuer: tokens carry it and every instance checks it.
  PORT=$1 AUTH_DATABASE_URL="$PG_URL/$DATABASE" AUTH_ISSUER="$PUBLIC/auth" LOG_LEVEL=${LOG_LEVEL:-warn} \
    node --max-semi-space-size=8 --heap-growing-percent=50 dist/src/interfaces/composition/authServer.js >>"$RUN/auth-$1.log" 2>&1 &
  PIDS+=($!)
}

say "starting auth instances on ports ${PORTS[*]} at the same moment"
for port in "${PORTS[@]}"; do start_instance "$port"; done

wait_healthy() {
  for _ in $(seq 1 120); do
    curl -fs "$1/auth/actuator/health" >/dev/null && return 0
    sleep 0.5
  done
  fail "$1 did not become healthy; logs in $RUN"
}
kid_of() { curl -fs "$1/auth/actuator/health" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).components.signingKey.details.kid'; }

for port in "${PORTS[@]}"; do wait_healthy "http://127.0.0.1:$port"; done
for port in "${PORTS[@]}"; do echo "instance $port signs with kid $(kid_of "http://127.0.0.1:$port")"; done
[ "$(kid_of "http://127.0.0.1:${PORTS[0]}")" = "$(kid_of "http://127.0.0.1:${PORTS[1]}")" ] || fail "the instances disagree on the signing key"

say "starting nginx on $PUBLIC"
"$NGINX" -p "$RUN" -c "$RUN/nginx.conf" -e "$RUN/error.log"
wait_healthy "$PUBLIC"

LOGIN_BODY='{"username":"admin","password":"any"}'
TOKEN=$(curl -fs -H 'content-type: application/json' -d "$LOGIN_BODY" "$PUBLIC/auth/oauth/jwt/token" |
  node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).data.access_token')
for port in "${PORTS[@]}"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "authorization: Bearer $TOKEN" "http://127.0.0.1:$port/auth/current/user/details")
  echo "token from nginx checked directly on instance $port: HTTP $status"
  [ "$status" = 200 ] || fail "instance $port rejected a token issued behind nginx"
done

AUTOCANNON="$ROOT/node_modules/.bin/autocannon"
load() {
  local title=$1; shift
  say "$title: $CONNECTIONS connections, ${DURATION} s"
  "$AUTOCANNON" --connections "$CONNECTIONS" --duration "$DURATION" --renderStatusCodes "$@"
}
: >"$RUN/access.log"
load "login (POST /auth/oauth/jwt/token) through nginx" \
  --method POST --headers 'content-type=application/json' --body "$LOGIN_BODY" "$PUBLIC/auth/oauth/jwt/token"
load "protected GET /auth/current/user/details through nginx" \
  --headers "authorization=Bearer $TOKEN" "$PUBLIC/auth/current/user/details"

if [ "${ROLLING:-0}" = 1 ]; then
  say "rolling restart: login load through nginx while each instance is stopped (SIGTERM) and started again"
  "$AUTOCANNON" --connections "$CONNECTIONS" --duration 25 --renderStatusCodes \
    --method POST --headers 'content-type=application/json' --body "$LOGIN_BODY" "$PUBLIC/auth/oauth/jwt/token" &
  LOAD=$!
  for i in 0 1; do
    sleep 4
    pid=${PIDS[$i]}
    started=$(date +%s%N)
    kill -TERM "$pid" && wait "$pid" && echo "instance ${PORTS[$i]} drained and exited 0 after $((($(date +%s%N) - started) / 1000000)) ms"
    start_instance "${PORTS[$i]}"
    PIDS[$i]=${PIDS[-1]}
    unset 'PIDS[-1]'
    wait_healthy "http://127.0.0.1:${PORTS[$i]}"
  done
  wait "$LOAD"
  echo "every status above should be 2xx: a drained instance loses no request"
fi

sleep 1.5 # nginx flushes its buffered access log every second
say "requests per instance (nginx access log)"
sort "$RUN/access.log" | uniq -c | sort -rn
