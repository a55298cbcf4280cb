#!/usr/bin/env bash
# Java peers of the identity test suites, fetched from Maven Central. Nothing here
# runs as a service: the suites start what they need and stop it when they end.
#
#   bash infra/java-peers.sh fetch     download (cached), verify, unpack and prepare every peer
#   bash infra/java-peers.sh env       fetch if needed, then print KEY=VALUE lines for the suites:
#                                      KEYCLOAK_HOME, KEYCLOAK_JAVA_HOME, KEYCLOAK_JAVA_OPTS_APPEND,
#                                      SCIM_COMPLIANCE_JAR, SCIM_COMPLIANCE_JAVA
#   bash infra/java-peers.sh clean     delete the unpacked peers (the downloads stay in ~/.m2)
#
# Peers: Keycloak (org.keycloak:keycloak-quarkus-dist, a zip; needs a JDK 21 or later,
# found under /usr/lib/jvm or named by KEYCLOAK_JAVA_HOME / JAVA_HOME) and SAP's SCIM
# compliance suite (com.sap.scimono:scimono-compliance-tests, classifier shaded; a
# JDK 11+, whose compiler runs the suite's launcher from source). Maven fetches both (honouring ~/.m2/settings.xml mirrors) with strict
# checksums (-C: a download whose published checksum differs is refused); this script
# then checks each against the SHA-512 pinned below, so a changed artifact is refused
# too. Keycloak is unpacked into $SENTINEL_INFRA_HOME (default ~/.cache/sentinel-infra),
# built once for its in-memory database and a local cache (`kc.sh build --db=dev-mem
# --cache=local`: no cluster to join or ports for it to take), and started once to train
# a JDK ahead-of-time class cache (JEP 483/514), so the suite's `kc.sh start --optimized`
# with KEYCLOAK_JAVA_OPTS_APPEND takes about half the time it would otherwise (under load:
# 65-90 s instead of 120-155 s; start-dev would add the build on every start).
# infra/services.sh up runs `fetch`. See infra/README.md ("Java peers").
set -Eeuo pipefail

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INFRA_HOME="${SENTINEL_INFRA_HOME:-$HOME/.cache/sentinel-infra}"
POM="$INFRA_DIR/java-peers/pom.xml"

# ---- versions and pinned digests ---------------------------------------------------
# Keycloak's is Maven Central's published .sha512. Central publishes only .sha1 and
# .md5 for the compliance jar: its pin is the SHA-512 of the download whose SHA-1
# matched the published bf2a6e15fc6180326c91afc9ecf8020446179169.
KEYCLOAK_VERSION=26.7.3
KEYCLOAK_SHA512=15c764765576eef267cf15cc5225a5826b5394a25a83d9bfa5b8544e4bbba690cb743c9d384200b93bb71ee4c4a328e1dd8c0a00f822fd3e6e154f14b1e47216
SCIMONO_VERSION=0.0.24
SCIMONO_SHA512=e8c8eef918ff0a4ad9e97b1a85cb52a29d4385d5a07ce873fccb3cfcedfc921fe3e810138856616d56029e03019ad0cade0aa5bd58e023e2f592e31f191c1f86

KEYCLOAK_ZIP="keycloak-quarkus-dist-$KEYCLOAK_VERSION.zip"
SCIMONO_JAR="scimono-compliance-tests-$SCIMONO_VERSION-shaded.jar"
KEYCLOAK_HOME="$INFRA_HOME/keycloak-$KEYCLOAK_VERSION"
SCIMONO_HOME="$INFRA_HOME/scimono-compliance-$SCIMONO_VERSION"
# What `kc.sh build` fixes in the distribution; the stamp records it, so a change rebuilds.
KEYCLOAK_BUILD_OPTIONS=(--db=dev-mem --cache=local)
KEYCLOAK_MIN_JAVA=21
KEYCLOAK_AOT_CACHE="$KEYCLOAK_HOME/sentinel-training.aot"
# The JVM options every start uses (the training run too, so the cache matches them): the
# trained class cache, and the C1 compiler alone, which on a busy two-core machine starts
# Keycloak sooner than tiered compilation does; its later speed does not matter to a test.
KEYCLOAK_JVM_OPTIONS="-XX:AOTCache=$KEYCLOAK_AOT_CACHE -XX:TieredStopAtLevel=1"
KEYCLOAK_TRAINING_TIMEOUT=300

LOG_NAME=java-peers
# shellcheck source=infra/lib.sh
source "$INFRA_DIR/lib.sh"

# Its own lock, not infra/services.sh's: `services.sh up` holds that one while it calls `fetch`.
with_lock() { take_lock 8 "$INFRA_HOME/.java-peers.lock" 900; }

# ---- Java runtimes ------------------------------------------------------------------
# java_major HOME: the feature version of HOME/bin/java (8 for "1.8.0_x", 25 for "25.0.1")
java_major() {
  local v
  v=$("$1/bin/java" -version 2>&1 | awk -F'"' '/ version "/ { print $2; exit }') || return 1
  [[ -n "$v" ]] || return 1
  if [[ "$v" == 1.* ]]; then v=${v#1.}; fi
  echo "${v%%[.+-]*}"
}

# A JDK home whose java is at least MIN: KEYCLOAK_JAVA_HOME, then JAVA_HOME, then the
# newest under /usr/lib/jvm (Debian 12 has no OpenJDK 21; Temurin installs there).
find_java_home() {
  local min=$1 candidate major
  local -a candidates=()
  [[ -n "${KEYCLOAK_JAVA_HOME:-}" ]] && candidates+=("$KEYCLOAK_JAVA_HOME")
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
  while IFS= read -r candidate; do candidates+=("$candidate"); done < <(
    for candidate in /usr/lib/jvm/*/; do
      candidate=${candidate%/}
      [[ -L "$candidate" || ! -x "$candidate/bin/java" ]] && continue
      major=$(java_major "$candidate") && printf '%s %s\n' "$major" "$candidate"
    done | sort -rn -k1,1 | cut -d' ' -f2-
  )
  for candidate in "${candidates[@]}"; do
    [[ -x "$candidate/bin/java" ]] || continue
    major=$(java_major "$candidate") || continue
    if ((major >= min)); then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

keycloak_java_home() {
  find_java_home "$KEYCLOAK_MIN_JAVA" ||
    die "Keycloak $KEYCLOAK_VERSION needs a JDK $KEYCLOAK_MIN_JAVA or later; none found (set KEYCLOAK_JAVA_HOME, or install one under /usr/lib/jvm, e.g. Temurin)"
}

# ---- fetching -------------------------------------------------------------------------
verify_sha512() {
  local file=$1 want=$2 got
  got=$(sha512sum "$file" | cut -d' ' -f1)
  [[ "$got" == "$want" ]] || die "$(basename "$file"): SHA-512 $got is not the pinned $want (refusing to use it)"
}

# The ahead-of-time cache holds only for the JDK that wrote it: the stamp names that JDK too.
keycloak_stamp() { printf '%s %s %s %s %s\n' "$KEYCLOAK_VERSION" "$KEYCLOAK_SHA512" "${KEYCLOAK_BUILD_OPTIONS[*]}" "$KEYCLOAK_JVM_OPTIONS" "$(keycloak_java_home)"; }
scimono_stamp() { printf '%s %s\n' "$SCIMONO_VERSION" "$SCIMONO_SHA512"; }
fetched() { [[ -f "$1/.complete" && "$(<"$1/.complete")" == "$2" ]]; }

# Maven copies both artifacts into a scratch directory, the digests are checked, then
# each is put in place and stamped; a half-finished earlier attempt is simply redone.
fetch_all() {
  if fetched "$KEYCLOAK_HOME" "$(keycloak_stamp)" && fetched "$SCIMONO_HOME" "$(scimono_stamp)"; then
    return 0
  fi
  need mvn "Maven is needed to fetch the Java peers (apt-get install maven)"
  need unzip "unzip is needed to unpack Keycloak (apt-get install unzip)"
  local scratch="$INFRA_HOME/java-peers.tmp"
  rm -rf "$scratch"
  mkdir -p "$scratch"
  log "fetching $KEYCLOAK_ZIP and $SCIMONO_JAR with Maven (cached in ~/.m2)"
  run_logged "mvn copy of the Java peers" "$INFRA_HOME/java-peers-mvn.log" \
    mvn -q -B -C -f "$POM" package "-Djava.peers.dir=$scratch/downloads" \
    "-Dkeycloak.version=$KEYCLOAK_VERSION" "-Dscimono.version=$SCIMONO_VERSION"
  verify_sha512 "$scratch/downloads/$KEYCLOAK_ZIP" "$KEYCLOAK_SHA512"
  verify_sha512 "$scratch/downloads/$SCIMONO_JAR" "$SCIMONO_SHA512"

  if ! fetched "$SCIMONO_HOME" "$(scimono_stamp)"; then
    rm -rf "$SCIMONO_HOME"
    mkdir -p "$SCIMONO_HOME"
    mv "$scratch/downloads/$SCIMONO_JAR" "$SCIMONO_HOME/"
    scimono_stamp >"$SCIMONO_HOME/.complete"
    log "scim compliance suite: $SCIMONO_HOME/$SCIMONO_JAR"
  fi

  if ! fetched "$KEYCLOAK_HOME" "$(keycloak_stamp)"; then
    local java_home
    java_home=$(keycloak_java_home)
    log "keycloak: unpacking into $KEYCLOAK_HOME"
    run_logged "unzip of $KEYCLOAK_ZIP" "$scratch/unzip.log" unzip -q "$scratch/downloads/$KEYCLOAK_ZIP" -d "$scratch/unpacked"
    [[ -x "$scratch/unpacked/keycloak-$KEYCLOAK_VERSION/bin/kc.sh" ]] || die "keycloak: no keycloak-$KEYCLOAK_VERSION/bin/kc.sh in $KEYCLOAK_ZIP"
    log "keycloak: kc.sh build ${KEYCLOAK_BUILD_OPTIONS[*]} on $java_home (once; about 25 s)"
    JAVA_HOME="$java_home" run_logged "keycloak: kc.sh build" "$INFRA_HOME/keycloak-build.log" \
      "$scratch/unpacked/keycloak-$KEYCLOAK_VERSION/bin/kc.sh" build "${KEYCLOAK_BUILD_OPTIONS[@]}"
    rm -rf "$KEYCLOAK_HOME"
    mv "$scratch/unpacked/keycloak-$KEYCLOAK_VERSION" "$KEYCLOAK_HOME"
    # In place: the cache records the class path, so it is trained where it will be used.
    train_keycloak "$java_home" "$scratch"
    keycloak_stamp >"$KEYCLOAK_HOME/.complete"
    log "keycloak: ready in $KEYCLOAK_HOME"
  fi
  rm -rf "$scratch"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# One start of the built Keycloak that writes the ahead-of-time cache when it exits: it
# starts, answers the calls the suites make first (an admin token, a realm, its OIDC
# discovery and SAML descriptor), and stops.
train_keycloak() {
  local java_home=$1 scratch=$2 port pid password base token deadline log="$INFRA_HOME/keycloak-training.log"
  need curl "curl is needed for Keycloak's training run"
  port=$((20000 + RANDOM % 20000))
  while port_open "$port"; do port=$((20000 + RANDOM % 20000)); done
  password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  base="http://127.0.0.1:$port"
  rm -f "$KEYCLOAK_AOT_CACHE"
  log "keycloak: training start on $base to write its class cache (once; one to two minutes)"
  (
    exec 8>&- # do not hand the lock fd to Keycloak
    JAVA_HOME="$java_home" KC_BOOTSTRAP_ADMIN_USERNAME=admin KC_BOOTSTRAP_ADMIN_PASSWORD="$password" \
      JAVA_OPTS_APPEND="${KEYCLOAK_JVM_OPTIONS/-XX:AOTCache=/-XX:AOTCacheOutput=} -Dquarkus.transaction-manager.object-store.directory=$scratch/transaction-logs" \
      exec setsid "$KEYCLOAK_HOME/bin/kc.sh" start --optimized --http-enabled=true --http-host=127.0.0.1 \
      "--http-port=$port" --hostname-strict=false >"$log" 2>&1 </dev/null
  ) &
  pid=$!
  deadline=$(($(date +%s) + KEYCLOAK_TRAINING_TIMEOUT))
  until curl -sf -m 2 -o /dev/null "$base/realms/master"; do
    kill -0 "$pid" 2>/dev/null || die "keycloak: the training start exited" "$log"
    if (($(date +%s) >= deadline)); then
      kill -KILL -- "-$pid" 2>/dev/null || true
      die "keycloak: the training start did not answer within ${KEYCLOAK_TRAINING_TIMEOUT}s" "$log"
    fi
    sleep 0.5
  done
  token=$(curl -sf -m 30 -d grant_type=password -d client_id=admin-cli -d username=admin --data-urlencode "password=$password" \
    "$base/realms/master/protocol/openid-connect/token" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
  [[ -n "$token" ]] || die "keycloak: the training start gave no admin token" "$log"
  curl -sf -m 30 -o /dev/null -H "authorization: Bearer $token" -H 'content-type: application/json' \
    -d '{"realm":"training","enabled":true}' "$base/admin/realms" || die "keycloak: the training start refused a realm" "$log"
  curl -sf -m 30 -o /dev/null "$base/realms/training/.well-known/openid-configuration" || die "keycloak: no OIDC discovery in training" "$log"
  curl -sf -m 30 -o /dev/null "$base/realms/training/protocol/saml/descriptor" || die "keycloak: no SAML descriptor in training" "$log"
  # TERM to the group; the JVM writes the cache as it exits (a child JVM assembles it).
  kill -TERM -- "-$pid" 2>/dev/null || true
  deadline=$(($(date +%s) + KEYCLOAK_TRAINING_TIMEOUT))
  while kill -0 -- "-$pid" 2>/dev/null; do
    (($(date +%s) < deadline)) || { kill -KILL -- "-$pid" 2>/dev/null || true; die "keycloak: the training start did not stop within ${KEYCLOAK_TRAINING_TIMEOUT}s" "$log"; }
    sleep 0.5
  done
  [[ -s "$KEYCLOAK_AOT_CACHE" ]] || die "keycloak: the training start wrote no class cache ($KEYCLOAK_AOT_CACHE)" "$log"
  log "keycloak: class cache written ($(du -h "$KEYCLOAK_AOT_CACHE" | cut -f1))"
}

print_env() {
  local java_home scim_java
  java_home=$(keycloak_java_home)
  # The compliance suite runs on Java 11+ with the compiler (test/scim-compliance starts it
  # through a launcher given as a source file): the java on PATH if it is such a JDK, else Keycloak's.
  scim_java="$java_home/bin/java"
  if command -v java >/dev/null 2>&1 && java --list-modules 2>/dev/null | grep -q '^jdk.compiler@'; then
    scim_java=$(command -v java)
  fi
  printf 'KEYCLOAK_HOME=%s\n' "$KEYCLOAK_HOME"
  printf 'KEYCLOAK_JAVA_HOME=%s\n' "$java_home"
  printf 'KEYCLOAK_JAVA_OPTS_APPEND=%s\n' "$KEYCLOAK_JVM_OPTIONS"
  printf 'SCIM_COMPLIANCE_JAR=%s\n' "$SCIMONO_HOME/$SCIMONO_JAR"
  printf 'SCIM_COMPLIANCE_JAVA=%s\n' "$scim_java"
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
}

cmd=${1:-}
case "$cmd" in
  fetch)
    with_lock
    fetch_all
    log "Keycloak $KEYCLOAK_VERSION and scimono-compliance-tests $SCIMONO_VERSION ready under $INFRA_HOME"
    ;;
  env)
    with_lock
    fetch_all
    print_env
    ;;
  clean)
    with_lock
    log "removing $KEYCLOAK_HOME and $SCIMONO_HOME (downloads stay in ~/.m2)"
    rm -rf "$KEYCLOAK_HOME" "$SCIMONO_HOME" "$INFRA_HOME/java-peers.tmp"
    ;;
  -h | --help | help)
    usage
    ;;
  *)
    usage >&2
    exit 2
    ;;
esac
