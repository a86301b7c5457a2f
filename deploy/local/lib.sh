# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are used by the scripts that source this file
# Shared helpers for the deploy/local scripts. Source it; do not run it.
#
#   CACHE_DIR  downloads and builds (jars, the MinIO binary, Go/Maven caches); safe to keep forever
#   STATE_DIR  data directories, logs, pid files of the running parts; `down.sh --purge` removes it

if [[ -n "${QUERYLANE_INFRA_LIB_LOADED:-}" ]]; then
  return 0
fi
QUERYLANE_INFRA_LIB_LOADED=1

LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_DIR="${QUERYLANE_CACHE_DIR:-$HOME/.cache/querylane}"
STATE_DIR="${QUERYLANE_INFRA_DIR:-$HOME/.local/state/querylane-infra}"
LOG_DIR="$STATE_DIR/logs"
RUN_DIR="$STATE_DIR/run"

# Every part binds to this address only.
BIND_HOST=127.0.0.1

# Ports and credentials (each overridable from the environment; env.sh prints the same values).
PG_PORT="${PG_PORT:-5432}"
PG_USER="${PG_USER:-querylane}"
PG_PASSWORD="${PG_PASSWORD:-querylane}"
PG_DATABASE="${PG_DATABASE:-querylane}"
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
MINIO_PORT="${MINIO_PORT:-9000}"
MINIO_CONSOLE_PORT="${MINIO_CONSOLE_PORT:-9001}"
MINIO_ROOT_USER="${MINIO_ROOT_USER:-querylane}"
MINIO_ROOT_PASSWORD="${MINIO_ROOT_PASSWORD:-querylane-secret}"
S3_BUCKET="${S3_BUCKET:-querylane}"

# Timeouts (seconds) for a part to come up.
INFRA_START_TIMEOUT="${INFRA_START_TIMEOUT:-90}"

# log PART MESSAGE... -> "[infra] part: message" on stderr
log() {
  local part="$1"
  shift
  printf '[infra] %s: %s\n' "$part" "$*" >&2
}

die() {
  local part="$1"
  shift
  printf '[infra] %s: ERROR: %s\n' "$part" "$*" >&2
  exit 1
}

need_cmd() {
  local part="$1" cmd="$2" hint="${3:-}"
  command -v "$cmd" >/dev/null 2>&1 || die "$part" "'$cmd' not found on PATH${hint:+ ($hint)}"
}

ensure_dirs() {
  mkdir -p "$CACHE_DIR" "$STATE_DIR" "$LOG_DIR" "$RUN_DIR"
}

is_root() {
  [[ "$(id -u)" -eq 0 ]]
}

# port_open HOST PORT -> 0 when something accepts TCP connections there
port_open() {
  local host="$1" port="$2"
  (exec 3<>"/dev/tcp/$host/$port") >/dev/null 2>&1
}

# wait_for_port PART HOST PORT [TIMEOUT] [PID] -> waits until the port accepts connections;
# fails early when PID (the server process) dies.
wait_for_port() {
  local part="$1" host="$2" port="$3" timeout="${4:-$INFRA_START_TIMEOUT}" pid="${5:-}"
  local deadline=$((SECONDS + timeout))
  while ! port_open "$host" "$port"; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      log "$part" "process $pid exited before $host:$port opened"
      return 1
    fi
    if ((SECONDS >= deadline)); then
      log "$part" "timed out after ${timeout}s waiting for $host:$port"
      return 1
    fi
    sleep 0.2
  done
}

# wait_until PART TIMEOUT DESCRIPTION CMD... -> retries CMD until it succeeds
wait_until() {
  local part="$1" timeout="$2" what="$3"
  shift 3
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "$part" "timed out after ${timeout}s waiting for $what"
      return 1
    fi
    sleep 0.5
  done
}

# pid_alive PIDFILE [PATTERN] -> 0 when the pid file names a live process (prints the pid) whose
# command line contains PATTERN (guards against a stale pid file whose pid was reused)
pid_alive() {
  local pidfile="$1" pattern="${2:-}" pid
  [[ -s "$pidfile" ]] || return 1
  pid="$(tr -dc '0-9' <"$pidfile")"
  [[ -n "$pid" ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [[ -n "$pattern" && -r "/proc/$pid/cmdline" ]]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$pattern" || return 1
  fi
  printf '%s\n' "$pid"
}

# start_detached PIDFILE LOGFILE CMD... -> runs CMD in its own session, survives this shell.
# The previous run's log is kept as LOGFILE.1.
start_detached() {
  local pidfile="$1" logfile="$2"
  shift 2
  if [[ -f "$logfile" ]]; then
    mv -f "$logfile" "$logfile.1"
  fi
  setsid nohup "$@" >>"$logfile" 2>&1 </dev/null &
  local pid=$!
  printf '%s\n' "$pid" >"$pidfile"
  disown "$pid" 2>/dev/null || true
}

# stop_pidfile PART PIDFILE TIMEOUT [PATTERN] -> SIGTERM, wait, then SIGKILL; removes the pid file
stop_pidfile() {
  local part="$1" pidfile="$2" timeout="${3:-30}" pattern="${4:-}" pid
  if ! pid="$(pid_alive "$pidfile" "$pattern")"; then
    rm -f "$pidfile"
    log "$part" "not running"
    return 0
  fi
  log "$part" "stopping (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + timeout))
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      log "$part" "still running after ${timeout}s, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  rm -f "$pidfile"
  log "$part" "stopped"
}

# tail_log PART LOGFILE -> prints the last lines of a log to stderr (for failures)
tail_log() {
  local part="$1" logfile="$2"
  if [[ -f "$logfile" ]]; then
    log "$part" "last lines of $logfile:"
    tail -n 25 "$logfile" | sed 's/^/    /' >&2
  fi
}

# apt_install PART PACKAGE... -> apt-get update (once per call) + install, root only
apt_install() {
  local part="$1"
  shift
  if ! is_root; then
    if command -v sudo >/dev/null 2>&1; then
      log "$part" "installing with sudo apt-get: $*"
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
      return
    fi
    die "$part" "missing packages ($*) and not root: install them with apt-get"
  fi
  log "$part" "installing with apt-get: $*"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# run_subcommand PART "$@" -> dispatches to PART_install / PART_start / PART_stop / PART_status
run_subcommand() {
  local part="$1"
  shift
  local cmd="${1:-}"
  case "$cmd" in
    install | start | stop | status | purge)
      "${part}_${cmd}"
      ;;
    restart)
      "${part}_stop"
      "${part}_start"
      ;;
    *)
      printf 'usage: %s {install|start|stop|status|restart|purge}\n' "$(basename "$0")" >&2
      exit 2
      ;;
  esac
}
