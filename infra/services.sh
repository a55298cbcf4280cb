#!/usr/bin/env bash
# Local backing services for integration tests, without Docker.
#
#   bash infra/services.sh up                 start everything that is not already answering
#   bash infra/services.sh down               stop Kafka, the registry and ClickHouse that we started
#                                             (PostgreSQL and Redis are left alone)
#   bash infra/services.sh status             one line per service; exit 0 only if all are up
#   bash infra/services.sh start <name>...    start (and wait for) single services
#   bash infra/services.sh stop <name>...     stop single services
#   bash infra/services.sh restart <name>...  stop + start
#   bash infra/services.sh clean              down + delete the state dirs (Kafka log dirs, ClickHouse data)
#
# Names: postgres | redis | kafka | registry (alias apicurio) | clickhouse
#
# Idempotent: a service whose port already answers its protocol is left as it is,
# so a second `up` takes a few seconds. Downloads are cached: Maven artifacts in
# ~/.m2, unpacked runtimes in $SENTINEL_INFRA_HOME (default ~/.cache/sentinel-infra),
# ClickHouse through apt (installed once). `up` also installs the image tools the
# image pull's tests start themselves (docker-registry, skopeo, htpasswd; apt, once)
# and fetches the Java peers the identity suites start themselves (infra/java-peers.sh:
# Keycloak, SAP's SCIM compliance suite), and installs Chromium, the browser the
# dashboard's tests drive (apt, once).
# See infra/README.md.
set -Eeuo pipefail

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$INFRA_DIR/.." && pwd)"

INFRA_HOME="${SENTINEL_INFRA_HOME:-$HOME/.cache/sentinel-infra}"
STATE_DIR="${SENTINEL_INFRA_STATE:-$INFRA_HOME/state}"

# ---- ports (overridable; defaults are what the app and tests expect) --------
PG_HOST=127.0.0.1
REDIS_HOST=127.0.0.1
REDIS_PORT="${INFRA_REDIS_PORT:-6379}"
KAFKA_PORT="${INFRA_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${INFRA_KAFKA_CONTROLLER_PORT:-9093}"
REGISTRY_PORT="${INFRA_REGISTRY_PORT:-8081}"
CLICKHOUSE_HTTP_PORT="${INFRA_CLICKHOUSE_HTTP_PORT:-8123}"
CLICKHOUSE_TCP_PORT="${INFRA_CLICKHOUSE_TCP_PORT:-9000}"

# ---- versions ---------------------------------------------------------------
KAFKA_VERSION=3.9.1
KAFKA_CLUSTER_ID=c2VudGluZWwta2Fma2EwMQ # base64url("sentinel-kafka01"), fixed so the log dir can be reused
APICURIO_VERSION=3.0.9

KAFKA_HOME="$INFRA_HOME/kafka-$KAFKA_VERSION"
APICURIO_HOME="$INFRA_HOME/apicurio-$APICURIO_VERSION"

# ---- timeouts (seconds) -----------------------------------------------------
KAFKA_TIMEOUT="${INFRA_KAFKA_TIMEOUT:-90}"
REGISTRY_TIMEOUT="${INFRA_REGISTRY_TIMEOUT:-120}"
CLICKHOUSE_TIMEOUT="${INFRA_CLICKHOUSE_TIMEOUT:-60}"
DB_TIMEOUT=30
STOP_TIMEOUT=40

export DEBIAN_FRONTEND=noninteractive

# ---- output helpers ---------------------------------------------------------
LOG_NAME=services
LOG_FD=1
# shellcheck source=infra/lib.sh
source "$INFRA_DIR/lib.sh"

# ---- process helpers --------------------------------------------------------
# pid_alive PIDFILE MARKER: the pid in PIDFILE runs and its command line contains MARKER
pid_alive() {
  local pidfile=$1 marker=$2 pid
  [[ -f "$pidfile" ]] || return 1
  pid=$(<"$pidfile")
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [[ -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$marker"
}

# stop_pidfile NAME PIDFILE MARKER: TERM, wait, KILL as a last resort
stop_pidfile() {
  local name=$1 pidfile=$2 marker=$3 pid i
  if ! pid_alive "$pidfile" "$marker"; then
    rm -f "$pidfile"
    log "$name: not running (no live pid file)"
    return 0
  fi
  pid=$(<"$pidfile")
  log "$name: stopping pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < STOP_TIMEOUT * 5; i++)); do
    [[ -d /proc/$pid ]] || break
    sleep 0.2
  done
  if [[ -d /proc/$pid ]]; then
    log "$name: still running after ${STOP_TIMEOUT}s, sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$pidfile"
  log "$name: stopped"
}

# await_exec PIDFILE MARKER: a daemon launched as `( ...; exec setsid ... ) &` is, for a
# moment, still the forked copy of this script, whose command line lacks MARKER;
# pid_alive would take that moment for an early exit. Wait (at most 10 s) until the
# exec has happened or the process has gone (a zombie's command line is empty).
await_exec() {
  local pid cmdline i
  pid=$(<"$1")
  for ((i = 0; i < 200; i++)); do
    cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 0
    [[ -z "$cmdline" || "$cmdline" == *"$2"* ]] && return 0
    sleep 0.05
  done
}

# port_open PORT: something accepts TCP connections on 127.0.0.1:PORT
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_for NAME TIMEOUT PIDFILE MARKER LOGFILES CHECK...: poll CHECK until it succeeds;
# fail with the log tails (LOGFILES is a colon-separated list) if the process dies
# or the timeout passes.
wait_for() {
  local name=$1 timeout=$2 pidfile=$3 marker=$4 logfiles
  IFS=: read -r -a logfiles <<<"$5"
  shift 5
  local deadline=$(($(date +%s) + timeout))
  until "$@"; do
    if [[ -n "$pidfile" ]] && ! pid_alive "$pidfile" "$marker"; then
      die "$name exited during startup" "${logfiles[@]}"
    fi
    if (($(date +%s) >= deadline)); then
      die "$name did not become ready within ${timeout}s" "${logfiles[@]}"
    fi
    sleep 0.5
  done
}


# ---- locking: two `up`s at once (e.g. two clones) must not race --------------
with_lock() { take_lock 9 "$INFRA_HOME/.lock" 900; }

# =============================================================================
# PostgreSQL
# =============================================================================
pg_ready() { pg_isready -q -h "$PG_HOST" -t 2 >/dev/null 2>&1; }
pg_cluster_version() { find /etc/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort -V | tail -n 1; }

start_postgres() {
  need pg_isready "PostgreSQL client tools are missing (apt-get install postgresql)"
  if pg_ready; then
    log "postgres: up on $PG_HOST:5432"
    return 0
  fi
  local v
  v=$(pg_cluster_version)
  [[ -n "$v" ]] || die "postgres: no cluster under /etc/postgresql (is PostgreSQL installed?)"
  log "postgres: not answering, starting cluster $v/main"
  pg_ctlcluster --skip-systemctl-redirect "$v" main start 9>&- ||
    die "postgres: pg_ctlcluster $v main start failed" "/var/log/postgresql/postgresql-$v-main.log"
  wait_for postgres "$DB_TIMEOUT" "" "" "/var/log/postgresql/postgresql-$v-main.log" pg_ready
  log "postgres: up on $PG_HOST:5432"
}

stop_postgres() {
  local v
  v=$(pg_cluster_version)
  [[ -n "$v" ]] || die "postgres: no cluster under /etc/postgresql"
  if ! pg_ready; then
    log "postgres: not running"
    return 0
  fi
  log "postgres: stopping cluster $v/main"
  pg_ctlcluster --skip-systemctl-redirect "$v" main stop -m fast 9>&-
  log "postgres: stopped"
}

status_postgres() {
  if pg_ready; then echo "postgres    up    $PG_HOST:5432"; else echo "postgres    DOWN  $PG_HOST:5432"; return 1; fi
}

# =============================================================================
# Redis
# =============================================================================
redis_ready() { [[ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]; }

start_redis() {
  need redis-cli "Redis is missing (apt-get install redis-server)"
  if redis_ready; then
    log "redis: up on $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  need redis-server "Redis is missing (apt-get install redis-server)"
  log "redis: not answering, starting redis-server"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log 9>&- ||
    die "redis: redis-server failed to start" /var/log/redis/ci.log
  wait_for redis "$DB_TIMEOUT" "" "" /var/log/redis/ci.log redis_ready
  log "redis: up on $REDIS_HOST:$REDIS_PORT"
}

stop_redis() {
  if ! redis_ready; then
    log "redis: not running"
    return 0
  fi
  log "redis: stopping (SHUTDOWN NOSAVE)"
  redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  local i
  for ((i = 0; i < 50; i++)); do redis_ready || break; sleep 0.2; done
  redis_ready && die "redis: still answering after SHUTDOWN"
  log "redis: stopped"
}

status_redis() {
  if redis_ready; then echo "redis       up    $REDIS_HOST:$REDIS_PORT"; else echo "redis       DOWN  $REDIS_HOST:$REDIS_PORT"; return 1; fi
}

# =============================================================================
# Kafka (KRaft, single combined broker + controller)
# =============================================================================
KAFKA_STATE="$STATE_DIR/kafka"
KAFKA_PID="$KAFKA_STATE/kafka.pid"
KAFKA_LOG="$KAFKA_STATE/logs/server.log"
KAFKA_OUT="$KAFKA_STATE/logs/stdout.log"
KAFKA_MARKER=kafka.Kafka

# The probe runs on the project's Node (node_modules/.bin/node, installed by `npm ci`), as
# npm scripts do, whichever Node is first on PATH when this script is started by hand.
NODE_BIN="$REPO_DIR/node_modules/.bin/node"
kafka_probe() { "$NODE_BIN" "$INFRA_DIR/wait-kafka.mjs" "127.0.0.1:$KAFKA_PORT" "$1"; }

kafka_libs() {
  local stamp="$KAFKA_HOME/.complete" want
  want="$(sha256sum "$INFRA_DIR/kafka/pom.xml" | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(<"$stamp")" == "$want" && -f "$KAFKA_HOME/libs/kafka_2.13-$KAFKA_VERSION.jar" ]]; then
    return 0
  fi
  need mvn "Maven is needed to fetch Kafka (apt-get install maven)"
  log "kafka: fetching kafka_2.13:$KAFKA_VERSION and its dependencies with Maven (cached in ~/.m2)"
  rm -rf "$KAFKA_HOME/libs.tmp"
  mkdir -p "$KAFKA_HOME"
  run_logged "kafka: mvn copy-dependencies" "$KAFKA_HOME/mvn.log" \
    mvn -q -B -f "$INFRA_DIR/kafka/pom.xml" package "-Dkafka.libs.dir=$KAFKA_HOME/libs.tmp"
  [[ -f "$KAFKA_HOME/libs.tmp/kafka_2.13-$KAFKA_VERSION.jar" ]] ||
    die "kafka: Maven finished but kafka_2.13-$KAFKA_VERSION.jar is not in $KAFKA_HOME/libs.tmp" "$KAFKA_HOME/mvn.log"
  rm -rf "$KAFKA_HOME/libs"
  mv "$KAFKA_HOME/libs.tmp" "$KAFKA_HOME/libs"
  echo "$want" >"$stamp"
  log "kafka: $(find "$KAFKA_HOME/libs" -name '*.jar' | wc -l) jars in $KAFKA_HOME/libs"
}

start_kafka() {
  [[ -x "$NODE_BIN" && -d "$REPO_DIR/node_modules/kafkajs" ]] ||
    die "kafka: node_modules/.bin/node or node_modules/kafkajs missing; run 'npm ci' first (the readiness probe runs on them)"
  if kafka_probe 0 >/dev/null 2>&1; then
    log "kafka: up on 127.0.0.1:$KAFKA_PORT"
    return 0
  fi
  if pid_alive "$KAFKA_PID" "$KAFKA_MARKER"; then
    log "kafka: process $(<"$KAFKA_PID") exists but does not answer yet, waiting"
  else
    if port_open "$KAFKA_PORT"; then
      die "kafka: port $KAFKA_PORT is taken by something that does not speak Kafka (see: ss -ltnp | grep :$KAFKA_PORT)"
    fi
    if port_open "$KAFKA_CONTROLLER_PORT"; then
      die "kafka: controller port $KAFKA_CONTROLLER_PORT is already taken (see: ss -ltnp | grep :$KAFKA_CONTROLLER_PORT)"
    fi
    need java "Java 17+ is needed for Kafka (apt-get install openjdk-17-jre-headless)"
    kafka_libs
    mkdir -p "$KAFKA_STATE/data" "$KAFKA_STATE/logs"
    sed -e "s#@KAFKA_PORT@#$KAFKA_PORT#g" -e "s#@CONTROLLER_PORT@#$KAFKA_CONTROLLER_PORT#g" \
      -e "s#@DATA_DIR@#$KAFKA_STATE/data#g" "$INFRA_DIR/kafka/server.properties" >"$KAFKA_STATE/server.properties"
    cp "$INFRA_DIR/kafka/log4j.properties" "$KAFKA_STATE/log4j.properties"
    local jvm_log=(-Dlog4j.configuration="file:$KAFKA_STATE/log4j.properties" -Dkafka.logs.dir="$KAFKA_STATE/logs")
    # format once (the JVM round trip costs ~2 s); --ignore-formatted keeps it idempotent anyway
    if ! grep -qs "^cluster.id=$KAFKA_CLUSTER_ID\$" "$KAFKA_STATE/data/meta.properties"; then
      log "kafka: formatting storage in $KAFKA_STATE/data (cluster id $KAFKA_CLUSTER_ID)"
      run_logged "kafka: storage format" "$KAFKA_STATE/logs/format.log" \
        java "${jvm_log[@]}" -cp "$KAFKA_HOME/libs/*" kafka.tools.StorageTool format \
        -t "$KAFKA_CLUSTER_ID" -c "$KAFKA_STATE/server.properties" --ignore-formatted
    fi
    log "kafka: starting broker+controller on 127.0.0.1:$KAFKA_PORT (controller :$KAFKA_CONTROLLER_PORT), log $KAFKA_LOG"
    (
      cd "$KAFKA_STATE"
      exec 9>&- # do not hand the lock fd to the daemon
      exec setsid nohup java -Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
        "${jvm_log[@]}" -cp "$KAFKA_HOME/libs/*" kafka.Kafka "$KAFKA_STATE/server.properties" \
        >>"$KAFKA_OUT" 2>&1 </dev/null
    ) &
    echo $! >"$KAFKA_PID"
    await_exec "$KAFKA_PID" "$KAFKA_MARKER"
  fi
  # each probe retries for up to 2 s itself (admin.connect + describeCluster)
  local deadline=$(($(date +%s) + KAFKA_TIMEOUT)) out
  until out=$(kafka_probe 2 2>&1); do
    pid_alive "$KAFKA_PID" "$KAFKA_MARKER" || die "kafka exited during startup (stale state? 'bash infra/services.sh clean' wipes $STATE_DIR)" "$KAFKA_OUT" "$KAFKA_LOG"
    (($(date +%s) < deadline)) || die "kafka did not become ready within ${KAFKA_TIMEOUT}s ($out)" "$KAFKA_OUT" "$KAFKA_LOG"
  done
  log "kafka: up on 127.0.0.1:$KAFKA_PORT - ${out#kafka ready: }"
}

stop_kafka() { stop_pidfile kafka "$KAFKA_PID" "$KAFKA_MARKER"; }

status_kafka() {
  local note=""
  pid_alive "$KAFKA_PID" "$KAFKA_MARKER" && note=" (pid $(<"$KAFKA_PID"))"
  if port_open "$KAFKA_PORT" && kafka_probe 0 >/dev/null 2>&1; then
    echo "kafka       up    127.0.0.1:$KAFKA_PORT$note"
  else
    echo "kafka       DOWN  127.0.0.1:$KAFKA_PORT$note"
    return 1
  fi
}

# =============================================================================
# Schema registry (Apicurio Registry, Confluent-compatible API under /apis/ccompat/v7)
# =============================================================================
REGISTRY_STATE="$STATE_DIR/registry"
REGISTRY_PID="$REGISTRY_STATE/registry.pid"
REGISTRY_LOG="$REGISTRY_STATE/registry.log"
REGISTRY_MARKER="-Dsentinel.infra=registry"
REGISTRY_URL="http://127.0.0.1:$REGISTRY_PORT"

registry_ready() { [[ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$REGISTRY_URL/health/ready" 2>/dev/null)" == 200 ]]; }
registry_ccompat() {
  local body
  body=$(curl -sf -m 5 "$REGISTRY_URL/apis/ccompat/v7/subjects" 2>/dev/null) || return 1
  [[ "$body" == \[* ]]
}

apicurio_dist() {
  if [[ -f "$APICURIO_HOME/.complete" ]]; then
    return 0
  fi
  need mvn "Maven is needed to fetch Apicurio Registry (apt-get install maven)"
  log "registry: fetching io.apicurio:apicurio-registry-app:$APICURIO_VERSION:tar.gz:all with Maven (cached in ~/.m2)"
  rm -rf "$APICURIO_HOME.tmp"
  mkdir -p "$INFRA_HOME"
  run_logged "registry: mvn unpack" "$INFRA_HOME/apicurio-$APICURIO_VERSION-mvn.log" \
    mvn -q -B -f "$INFRA_DIR/apicurio/pom.xml" package \
    "-Dapicurio.version=$APICURIO_VERSION" "-Dapicurio.dir=$APICURIO_HOME.tmp"
  rm -rf "$APICURIO_HOME"
  mv "$APICURIO_HOME.tmp" "$APICURIO_HOME"
  apicurio_jar >/dev/null || die "registry: no runnable jar in $APICURIO_HOME after unpacking"
  touch "$APICURIO_HOME/.complete"
}

# 3.0.x ships an uber "<name>-runner.jar"; 3.1+ ships the fast-jar layout with quarkus-run.jar
apicurio_jar() {
  local j
  for j in "$APICURIO_HOME/quarkus-app/quarkus-run.jar" "$APICURIO_HOME/quarkus-run.jar" "$APICURIO_HOME"/*-runner.jar; do
    [[ -f "$j" ]] && { echo "$j"; return 0; }
  done
  return 1
}

start_registry() {
  need curl "curl is needed for readiness checks"
  if registry_ready; then
    registry_ccompat || die "registry: $REGISTRY_URL is ready but /apis/ccompat/v7/subjects does not return a JSON array"
    log "registry: up on $REGISTRY_URL"
    return 0
  fi
  if pid_alive "$REGISTRY_PID" "$REGISTRY_MARKER"; then
    log "registry: process $(<"$REGISTRY_PID") exists but is not ready yet, waiting"
  else
    port_open "$REGISTRY_PORT" && die "registry: port $REGISTRY_PORT is taken by something else (see: ss -ltnp | grep :$REGISTRY_PORT)"
    need java "Java 17+ is needed for Apicurio Registry (apt-get install openjdk-17-jre-headless)"
    apicurio_dist
    local jar
    jar=$(apicurio_jar)
    mkdir -p "$REGISTRY_STATE"
    log "registry: starting Apicurio Registry $APICURIO_VERSION (in-memory) on $REGISTRY_URL, log $REGISTRY_LOG"
    (
      cd "$REGISTRY_STATE"
      exec 9>&- # do not hand the lock fd to the daemon
      # C1 only (TieredStopAtLevel=1): ~3x faster start on a busy 2-core box (measured
      # 19-22 s -> 6.5-7 s at load 8); the registry's own throughput does not matter here.
      exec setsid nohup java -Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true "$REGISTRY_MARKER" \
        -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$REGISTRY_PORT" \
        -Dapicurio.rest.deletion.group.enabled=true \
        -Dapicurio.rest.deletion.artifact.enabled=true \
        -Dapicurio.rest.deletion.artifact-version.enabled=true \
        -jar "$jar" >>"$REGISTRY_LOG" 2>&1 </dev/null
    ) &
    echo $! >"$REGISTRY_PID"
    await_exec "$REGISTRY_PID" "$REGISTRY_MARKER"
  fi
  wait_for registry "$REGISTRY_TIMEOUT" "$REGISTRY_PID" "$REGISTRY_MARKER" "$REGISTRY_LOG" registry_ready
  registry_ccompat || die "registry: ready, but $REGISTRY_URL/apis/ccompat/v7/subjects does not return a JSON array" "$REGISTRY_LOG"
  log "registry: up on $REGISTRY_URL (ccompat: $REGISTRY_URL/apis/ccompat/v7)"
}

stop_registry() { stop_pidfile registry "$REGISTRY_PID" "$REGISTRY_MARKER"; }

status_registry() {
  local note=""
  pid_alive "$REGISTRY_PID" "$REGISTRY_MARKER" && note=" (pid $(<"$REGISTRY_PID"))"
  if registry_ready; then echo "registry    up    $REGISTRY_URL$note"; else echo "registry    DOWN  $REGISTRY_URL$note"; return 1; fi
}

# =============================================================================
# ClickHouse (Debian's clickhouse-server 18.16, our own config and data dir)
# =============================================================================
CH_STATE="$STATE_DIR/clickhouse"
CH_PID="$CH_STATE/clickhouse.pid"
CH_LOG="$CH_STATE/log/clickhouse-server.log"
CH_ERR="$CH_STATE/log/clickhouse-server.err.log"
CH_OUT="$CH_STATE/log/stdout.log"
CH_MARKER="$CH_STATE/conf/config.xml"
CH_URL="http://127.0.0.1:$CLICKHOUSE_HTTP_PORT"

ch_ready() { [[ "$(curl -s -m 2 "$CH_URL/ping" 2>/dev/null)" == Ok.* ]]; }

ch_install() {
  if command -v clickhouse-server >/dev/null 2>&1 && command -v clickhouse-client >/dev/null 2>&1; then
    return 0
  fi
  need apt-get "clickhouse-server is not installed and apt-get is not available"
  log "clickhouse: installing Debian packages clickhouse-server clickhouse-client (once)"
  mkdir -p "$INFRA_HOME"
  run_logged "clickhouse: apt-get update" "$INFRA_HOME/apt.log" apt-get update
  run_logged "clickhouse: apt-get install" "$INFRA_HOME/apt.log" \
    apt-get install -y --no-install-recommends clickhouse-server clickhouse-client
  command -v clickhouse-server >/dev/null 2>&1 || die "clickhouse: clickhouse-server still missing after apt-get install" "$INFRA_HOME/apt.log"
}

start_clickhouse() {
  need curl "curl is needed for readiness checks"
  if ch_ready; then
    log "clickhouse: up on $CH_URL"
    return 0
  fi
  if pid_alive "$CH_PID" "$CH_MARKER"; then
    log "clickhouse: process $(<"$CH_PID") exists but does not answer yet, waiting"
  else
    port_open "$CLICKHOUSE_HTTP_PORT" && die "clickhouse: HTTP port $CLICKHOUSE_HTTP_PORT is taken by something else (see: ss -ltnp | grep :$CLICKHOUSE_HTTP_PORT)"
    port_open "$CLICKHOUSE_TCP_PORT" && die "clickhouse: native port $CLICKHOUSE_TCP_PORT is taken (see: ss -ltnp | grep :$CLICKHOUSE_TCP_PORT); set INFRA_CLICKHOUSE_TCP_PORT"
    ch_install
    mkdir -p "$CH_STATE"/{conf,data,tmp,user_files,format_schemas,log}
    sed -e "s#@STATE_DIR@#$CH_STATE#g" -e "s#@HTTP_PORT@#$CLICKHOUSE_HTTP_PORT#g" -e "s#@TCP_PORT@#$CLICKHOUSE_TCP_PORT#g" \
      "$INFRA_DIR/clickhouse/config.xml" >"$CH_STATE/conf/config.xml"
    cp "$INFRA_DIR/clickhouse/users.xml" "$CH_STATE/conf/users.xml"
    # Debian's 18.16 runs as root without complaint (it does not compare the data
    # dir owner with the effective user, as newer servers do), so no user switch.
    log "clickhouse: starting $(clickhouse_version) on $CH_URL (native :$CLICKHOUSE_TCP_PORT), data $CH_STATE"
    (
      cd "$CH_STATE"
      exec 9>&- # do not hand the lock fd to the daemon
      exec setsid nohup clickhouse-server --config-file="$CH_STATE/conf/config.xml" \
        >>"$CH_OUT" 2>&1 </dev/null
    ) &
    echo $! >"$CH_PID"
    await_exec "$CH_PID" "$CH_MARKER"
  fi
  wait_for clickhouse "$CLICKHOUSE_TIMEOUT" "$CH_PID" "$CH_MARKER" "$CH_OUT:$CH_ERR:$CH_LOG" ch_ready
  local v
  v=$(curl -sf -m 5 "$CH_URL/?query=SELECT%20version()") || die "clickhouse: ping answers but SELECT version() fails" "$CH_ERR"
  log "clickhouse: up on $CH_URL (version $v)"
}

clickhouse_version() { dpkg-query -W -f='clickhouse-server ${Version}' clickhouse-server 2>/dev/null || echo clickhouse-server; }

stop_clickhouse() { stop_pidfile clickhouse "$CH_PID" "$CH_MARKER"; }

status_clickhouse() {
  local note=""
  pid_alive "$CH_PID" "$CH_MARKER" && note=" (pid $(<"$CH_PID"))"
  if ch_ready; then echo "clickhouse  up    $CH_URL native:$CLICKHOUSE_TCP_PORT$note"; else echo "clickhouse  DOWN  $CH_URL$note"; return 1; fi
}

# =============================================================================
# Image tools: not services. The image pull's tests (services/scans/image-pull)
# start their own docker-registry per test file and push with skopeo; htpasswd
# writes their logins. Installed once, from Debian, when missing.
# =============================================================================
IMAGE_TOOL_PACKAGES=(docker-registry skopeo apache2-utils)

image_tools_install() {
  if command -v docker-registry >/dev/null 2>&1 && command -v skopeo >/dev/null 2>&1 && command -v htpasswd >/dev/null 2>&1; then
    return 0
  fi
  need apt-get "docker-registry, skopeo and htpasswd are missing and apt-get is not available"
  log "image tools: installing Debian packages ${IMAGE_TOOL_PACKAGES[*]} (once)"
  mkdir -p "$INFRA_HOME"
  run_logged "image tools: apt-get update" "$INFRA_HOME/apt.log" apt-get update
  run_logged "image tools: apt-get install" "$INFRA_HOME/apt.log" apt-get install -y --no-install-recommends "${IMAGE_TOOL_PACKAGES[@]}"
  command -v docker-registry >/dev/null 2>&1 || die "image tools: docker-registry still missing after apt-get install" "$INFRA_HOME/apt.log"
}

# =============================================================================
# Browser: not a service. test/dashboard.test.ts drives Debian's Chromium through
# playwright-core (Playwright's own browser builds cannot be downloaded here).
# Installed once, from Debian, when missing.
# =============================================================================
browser_install() {
  command -v chromium >/dev/null 2>&1 && return 0
  need apt-get "chromium is missing and apt-get is not available"
  log "browser: installing Debian package chromium (once)"
  mkdir -p "$INFRA_HOME"
  run_logged "browser: apt-get update" "$INFRA_HOME/apt.log" apt-get update
  run_logged "browser: apt-get install" "$INFRA_HOME/apt.log" apt-get install -y --no-install-recommends chromium
  command -v chromium >/dev/null 2>&1 || die "browser: chromium still missing after apt-get install" "$INFRA_HOME/apt.log"
}

# =============================================================================
# dispatch
# =============================================================================
ALL=(postgres redis kafka registry clickhouse)

canon() {
  case "$1" in
    postgres | postgresql | pg) echo postgres ;;
    redis) echo redis ;;
    kafka) echo kafka ;;
    registry | apicurio | schema-registry) echo registry ;;
    clickhouse | ch) echo clickhouse ;;
    *)
      echo "infra/services.sh: unknown service '$1' (known: ${ALL[*]})" >&2
      return 2
      ;;
  esac
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
}

cmd=${1:-}
[[ $# -gt 0 ]] && shift
case "$cmd" in
  up)
    with_lock
    log "bringing services up (state: $STATE_DIR)"
    for s in "${ALL[@]}"; do "start_$s"; done
    image_tools_install
    browser_install
    # Not services: the identity suites start Keycloak and the SCIM compliance suite themselves.
    # A failure here leaves the other suites their services; those two then fail with the reason.
    if bash "$INFRA_DIR/java-peers.sh" fetch 9>&-; then
      log "all services up, Java peers fetched"
    else
      log "all services up; WARNING: the Java peers could not be fetched (above), so test/keycloak-sso and test/scim-compliance will fail"
    fi
    ;;
  down)
    with_lock
    stop_kafka
    stop_registry
    stop_clickhouse
    log "down (PostgreSQL and Redis left running)"
    ;;
  start)
    [[ $# -gt 0 ]] || die "usage: infra/services.sh start <${ALL[*]}>"
    with_lock
    names=(); for s in "$@"; do names+=("$(canon "$s")") || exit 2; done
    for s in "${names[@]}"; do "start_$s"; done
    ;;
  stop)
    [[ $# -gt 0 ]] || die "usage: infra/services.sh stop <${ALL[*]}>"
    with_lock
    names=(); for s in "$@"; do names+=("$(canon "$s")") || exit 2; done
    for s in "${names[@]}"; do "stop_$s"; done
    ;;
  restart)
    [[ $# -gt 0 ]] || die "usage: infra/services.sh restart <${ALL[*]}>"
    with_lock
    names=(); for s in "$@"; do names+=("$(canon "$s")") || exit 2; done
    for s in "${names[@]}"; do "stop_$s"; "start_$s"; done
    ;;
  status)
    rc=0
    for s in "${ALL[@]}"; do "status_$s" || rc=1; done
    exit "$rc"
    ;;
  clean)
    with_lock
    stop_kafka
    stop_registry
    stop_clickhouse
    log "removing $STATE_DIR (Kafka log dirs, ClickHouse data, logs); downloads are kept"
    rm -rf "$STATE_DIR"
    ;;
  -h | --help | help)
    usage
    ;;
  *)
    usage >&2
    exit 2
    ;;
esac
