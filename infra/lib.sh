# Shared helpers of the infra scripts (services.sh, java-peers.sh, kubernetes-mock.sh),
# sourced after the script sets LOG_NAME (the prefix of its lines) and, if its progress
# belongs on stdout, LOG_FD=1. Progress goes to stderr otherwise, so a script may print
# its answer on stdout; errors always go to stderr.

T0=$(date +%s.%N)
elapsed() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%5.1fs", b - a }'; }
log() { printf '[%s %s] %s\n' "$LOG_NAME" "$(elapsed)" "$*" >&"${LOG_FD:-2}"; }

# die MESSAGE [LOGFILE...]: the message, then the last lines of each log file that has any
die() {
  printf '[%s %s] ERROR: %s\n' "$LOG_NAME" "$(elapsed)" "$1" >&2
  local f
  for f in "${@:2}"; do
    if [[ -s "$f" ]]; then
      printf '%s\n' "---- last 40 lines of $f ----" >&2
      tail -n 40 "$f" >&2
      printf '%s\n' "---- end of $f ----" >&2
    fi
  done
  exit 1
}

# need COMMAND HINT: fail with HINT when COMMAND is not on PATH
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' not found on PATH: $2"; }

# run_logged WHAT LOGFILE COMMAND...: a one-off setup command whose output is kept out of
# the way unless it fails
run_logged() {
  local what=$1 logfile=$2
  shift 2
  mkdir -p "$(dirname "$logfile")"
  if ! "$@" >"$logfile" 2>&1; then
    die "$what failed: $*" "$logfile"
  fi
}

# take_lock FD LOCKFILE TIMEOUT: hold LOCKFILE on file descriptor FD for the rest of the
# script, waiting at most TIMEOUT seconds for another run holding it (two clones at once)
take_lock() {
  local fd=$1 lockfile=$2 timeout=$3
  mkdir -p "$(dirname "$lockfile")"
  eval "exec $fd>\"\$lockfile\""
  if ! flock -n "$fd"; then
    log "waiting for another run holding $lockfile"
    flock -w "$timeout" "$fd" || die "could not get $lockfile within ${timeout}s"
  fi
}
