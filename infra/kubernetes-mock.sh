#!/usr/bin/env bash
# The Kubernetes API test peer of the cluster connector (services/nhi/clusters):
# fabric8's io.fabric8:kubernetes-server-mock from Maven Central, started by a small
# launcher of ours (test/support/kubernetes-mock/KubernetesMockLauncher.java).
#
#   bash infra/kubernetes-mock.sh prepare
#
# fetches the jars with Maven (infra/kubernetes-mock/pom.xml; cached in ~/.m2 and
# $SENTINEL_INFRA_HOME, default ~/.cache/sentinel-infra, checksums verified) and
# compiles the launcher against them, each only when not done yet, then prints the
# command that starts the peer, one argument per line. The tests run it
# (services/nhi/clusters/testing/kubernetes-peer.ts); progress goes to stderr.
# Needs a JDK 17 or later (java and javac) and Maven.
set -Eeuo pipefail

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$INFRA_DIR/.." && pwd)"
INFRA_HOME="${SENTINEL_INFRA_HOME:-$HOME/.cache/sentinel-infra}"

FABRIC8_VERSION=8.0.0
POM="$INFRA_DIR/kubernetes-mock/pom.xml"
LAUNCHER_SOURCE="$REPO_DIR/test/support/kubernetes-mock/KubernetesMockLauncher.java"
MOCK_HOME="$INFRA_HOME/kubernetes-mock-$FABRIC8_VERSION"
LIBS="$MOCK_HOME/libs"

LOG_NAME=kubernetes-mock
# shellcheck source=infra/lib.sh
source "$INFRA_DIR/lib.sh"

fetch_libs() {
  local stamp="$MOCK_HOME/.complete" want
  want="$(sha256sum "$POM" | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(<"$stamp")" == "$want" && -f "$LIBS/kubernetes-server-mock-$FABRIC8_VERSION.jar" ]]; then
    return 0
  fi
  need mvn "Maven is needed to fetch the Kubernetes mock server (apt-get install maven)"
  log "fetching io.fabric8:kubernetes-server-mock:$FABRIC8_VERSION and its dependencies with Maven (cached in ~/.m2)"
  rm -rf "$LIBS.tmp"
  mkdir -p "$MOCK_HOME"
  mvn -q -B -C -f "$POM" package "-Dkubernetes.mock.libs.dir=$LIBS.tmp" >"$MOCK_HOME/mvn.log" 2>&1 ||
    die "Maven could not fetch the Kubernetes mock server" "$MOCK_HOME/mvn.log"
  [[ -f "$LIBS.tmp/kubernetes-server-mock-$FABRIC8_VERSION.jar" ]] ||
    die "Maven finished but kubernetes-server-mock-$FABRIC8_VERSION.jar is not in $LIBS.tmp" "$MOCK_HOME/mvn.log"
  rm -rf "$LIBS"
  mv "$LIBS.tmp" "$LIBS"
  echo "$want" >"$stamp"
  log "$(find "$LIBS" -name '*.jar' | wc -l) jars in $LIBS"
}

# The launcher's classes, in a directory named by the source's and the jars' digests.
compile_launcher() {
  local digest classes
  digest="$(cat "$LAUNCHER_SOURCE" "$POM" | sha256sum | cut -c1-16)"
  classes="$MOCK_HOME/launcher-$digest"
  if [[ ! -f "$classes/KubernetesMockLauncher.class" ]]; then
    need javac "a JDK 17 or later is needed to compile the Kubernetes mock launcher (apt-get install openjdk-17-jdk-headless)"
    log "compiling $(basename "$LAUNCHER_SOURCE")"
    rm -rf "$classes.tmp"
    mkdir -p "$classes.tmp"
    javac -nowarn -d "$classes.tmp" -cp "$LIBS/*" "$LAUNCHER_SOURCE" >"$MOCK_HOME/javac.log" 2>&1 ||
      die "javac failed" "$MOCK_HOME/javac.log"
    rm -rf "$classes"
    mv "$classes.tmp" "$classes"
  fi
  printf '%s\n' "$classes"
}

prepare() {
  need java "a Java 17 or later runtime is needed for the Kubernetes mock server"
  mkdir -p "$INFRA_HOME"
  # Test files preparing at the same time wait for each other here, not in Maven.
  take_lock 8 "$INFRA_HOME/kubernetes-mock.lock" 600
  fetch_libs
  local classes
  classes="$(compile_launcher)"
  # A small heap and the C1 compiler only: the peer serves a few hundred requests.
  printf '%s\n' "$(command -v java)" -Xmx192m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$classes:$LIBS/*" KubernetesMockLauncher
}

case "${1:-}" in
  prepare) prepare ;;
  *)
    echo "usage: bash infra/kubernetes-mock.sh prepare" >&2
    exit 2
    ;;
esac
