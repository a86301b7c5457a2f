#!/usr/bin/env bash
# PostgreSQL from Debian's packages, as a dedicated cluster (own data dir, own port) on 127.0.0.1.
#   postgres.sh install   apt-get install postgresql when the server binaries are missing
#   postgres.sh start     initdb once, start with pg_ctl (no-op when running), ensure role + database
#   postgres.sh stop      stop it (data kept)
#   postgres.sh status    exit 0 when running and `select 1` works as the application role
#   postgres.sh psql ...  psql as the application role (extra arguments are passed on)
#
# The server runs as the invoking user, or as the `postgres` OS user when invoked as root
# (PostgreSQL refuses to run as root). It never uses systemd or Debian's `main` cluster.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PART=postgres
# The newest installed server major version, else 15 (Debian 12's); PG_MAJOR overrides.
pg_detect_major() {
  local newest
  newest="$(find /usr/lib/postgresql -mindepth 3 -maxdepth 3 -path '*/bin/postgres' 2>/dev/null |
    sed 's|^/usr/lib/postgresql/\([0-9]*\)/bin/postgres$|\1|' | sort -n | tail -n1)"
  printf '%s\n' "${newest:-15}"
}
PG_MAJOR_PINNED="${PG_MAJOR:+1}"
PG_MAJOR="${PG_MAJOR:-$(pg_detect_major)}"
PG_BIN="/usr/lib/postgresql/$PG_MAJOR/bin"

pg_os_user() {
  if is_root; then
    printf 'postgres\n'
  else
    id -un
  fi
}

# as_pg CMD... -> runs CMD as the OS user that owns the cluster, from / (so it can always chdir)
as_pg() {
  if is_root; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && "$@")
  fi
}

# The cluster lives in $STATE_DIR/postgres. When root runs the scripts and the postgres user cannot
# reach that directory (e.g. under /root, mode 0700), it lives under /var/lib/postgresql instead.
pg_base_dir() {
  local preferred="$STATE_DIR/postgres"
  if ! is_root; then
    printf '%s\n' "$preferred"
    return
  fi
  mkdir -p "$preferred"
  chown postgres: "$preferred"
  if runuser -u postgres -- test -w "$preferred" 2>/dev/null; then
    printf '%s\n' "$preferred"
  else
    local key
    key="$(printf '%s' "$STATE_DIR" | sha256sum | cut -c1-12)"
    printf '/var/lib/postgresql/querylane-infra/%s\n' "$key"
  fi
}

pg_init_paths() {
  PG_BASE="$(pg_base_dir)"
  PG_DATA="$PG_BASE/data"
  PG_SOCKET_DIR="$PG_BASE/run"
  PG_LOG="$PG_BASE/postgres.log"
}

pg_installed() {
  [[ -x "$PG_BIN/postgres" && -x "$PG_BIN/pg_ctl" && -x "$PG_BIN/initdb" && -x "$PG_BIN/psql" ]]
}

pg_install() {
  if pg_installed; then
    log "$PART" "installed ($PG_BIN)"
    return 0
  fi
  local started=$SECONDS had_main=0
  if [[ -n "$PG_MAJOR_PINNED" ]]; then
    [[ -d "/etc/postgresql/$PG_MAJOR/main" ]] && had_main=1
    apt_install "$PART" "postgresql-$PG_MAJOR" "postgresql-client-$PG_MAJOR"
  else
    # The distribution's default version (15 on Debian 12).
    [[ -n "$(find /etc/postgresql -mindepth 2 -maxdepth 2 -name main 2>/dev/null)" ]] && had_main=1
    apt_install "$PART" postgresql
    PG_MAJOR="$(pg_detect_major)"
    PG_BIN="/usr/lib/postgresql/$PG_MAJOR/bin"
  fi
  [[ -x "$PG_BIN/postgres" ]] || die "$PART" "postgresql-$PG_MAJOR installed but $PG_BIN/postgres is missing"
  # Debian's package creates and starts a `main` cluster on 5432; we use our own cluster, so stop
  # the one the install just created and keep it from starting by itself.
  if [[ "$had_main" -eq 0 && -d "/etc/postgresql/$PG_MAJOR/main" ]] && command -v pg_ctlcluster >/dev/null 2>&1; then
    log "$PART" "stopping Debian's freshly created '$PG_MAJOR/main' cluster (set to manual start)"
    pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main stop >/dev/null 2>&1 || true
    { echo manual >"/etc/postgresql/$PG_MAJOR/main/start.conf"; } 2>/dev/null || true
  fi
  log "$PART" "installed $PG_BIN in $((SECONDS - started))s"
}

pg_running() {
  [[ -f "$PG_DATA/PG_VERSION" ]] && as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

pg_pid() {
  head -n1 "$PG_DATA/postmaster.pid" 2>/dev/null || true
}

# psql as the application role over TCP (the way the services connect)
pg_app_psql() {
  PGPASSWORD="$PG_PASSWORD" PGCONNECT_TIMEOUT=3 "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 \
    -h "$BIND_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DATABASE" "$@"
}

pg_app_ready() {
  [[ "$(pg_app_psql -tAc 'select 1' 2>/dev/null)" == "1" ]]
}

pg_initdb() {
  if [[ -f "$PG_DATA/PG_VERSION" ]]; then
    local data_major
    data_major="$(cat "$PG_DATA/PG_VERSION")"
    if [[ "$data_major" != "$PG_MAJOR" ]]; then
      die "$PART" "$PG_DATA was created by PostgreSQL $data_major, not $PG_MAJOR: set PG_MAJOR=$data_major or remove it with down.sh --purge postgres"
    fi
    return 0
  fi
  log "$PART" "initdb $PG_DATA (runs as OS user $(pg_os_user))"
  mkdir -p "$PG_BASE"
  is_root && chown postgres: "$PG_BASE"
  local pwfile
  pwfile="$(as_pg mktemp "$PG_BASE/.pw.XXXXXX")"
  # The superuser gets a random password: it is reached over the private socket only.
  as_pg sh -c "head -c 24 /dev/urandom | base64 > '$pwfile'"
  if ! as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --pwfile="$pwfile" \
    --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 \
    >"$LOG_DIR/postgres-initdb.log" 2>&1; then
    rm -f "$pwfile"
    tail_log "$PART" "$LOG_DIR/postgres-initdb.log"
    die "$PART" "initdb failed"
  fi
  rm -f "$pwfile"
  # Socket connections: the cluster owner (peer) may act as the `postgres` superuser.
  as_pg sh -c "cat > '$PG_DATA/pg_ident.conf'" <<EOF
# MAPNAME  SYSTEM-USERNAME  PG-USERNAME
owner      $(pg_os_user)     postgres
EOF
  as_pg sh -c "cat > '$PG_DATA/pg_hba.conf'" <<'EOF'
# Written by deploy/local/postgres.sh
# TYPE  DATABASE  USER  ADDRESS       METHOD
local   all       all                 peer map=owner
host    all       all   127.0.0.1/32  scram-sha-256
host    all       all   ::1/128       scram-sha-256
EOF
  as_pg sh -c "printf '\ninclude_if_exists = '\''querylane.conf'\''\n' >> '$PG_DATA/postgresql.conf'"
}

pg_write_conf() {
  as_pg mkdir -p "$PG_SOCKET_DIR"
  as_pg sh -c "cat > '$PG_DATA/querylane.conf'" <<EOF
# Written by deploy/local/postgres.sh on every start; edit the script, not this file.
listen_addresses = '$BIND_HOST'
port = $PG_PORT
unix_socket_directories = '$PG_SOCKET_DIR'
unix_socket_permissions = 0700
max_connections = ${PG_MAX_CONNECTIONS:-200}
shared_buffers = 128MB
synchronous_commit = off
log_line_prefix = '%m [%p] %q%u@%d '
log_timezone = 'UTC'
timezone = 'UTC'
EOF
}

# Creates/updates the application role and database as the superuser over the private socket.
pg_ensure_role_and_db() {
  as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_SOCKET_DIR" -p "$PG_PORT" -U postgres -d postgres \
    -v user="$PG_USER" -v pass="$PG_PASSWORD" -v db="$PG_DATABASE" >/dev/null <<'SQL'
SELECT format('CREATE ROLE %I LOGIN CREATEDB PASSWORD %L', :'user', :'pass')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I LOGIN CREATEDB PASSWORD %L', :'user', :'pass') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'user') \gexec
SQL
}

pg_start() {
  ensure_dirs
  pg_installed || pg_install
  pg_init_paths
  if pg_running; then
    if wait_until "$PART" "$INFRA_START_TIMEOUT" "select 1 as $PG_USER" pg_app_ready; then
      log "$PART" "already running (pid $(pg_pid)) on $BIND_HOST:$PG_PORT"
      return 0
    fi
    die "$PART" "server is running but '$PG_USER' cannot run 'select 1'; see $PG_LOG"
  fi
  if port_open "$BIND_HOST" "$PG_PORT"; then
    die "$PART" "port $PG_PORT is already in use by another process (set PG_PORT)"
  fi
  pg_initdb
  pg_write_conf
  # Keep the previous run's log as postgres.log.1.
  [[ -f "$PG_LOG" ]] && mv -f "$PG_LOG" "$PG_LOG.1"
  ln -sfn "$PG_LOG" "$LOG_DIR/postgres.log"
  log "$PART" "starting PostgreSQL $PG_MAJOR on $BIND_HOST:$PG_PORT (data $PG_DATA)"
  # setsid: the postmaster gets its own session, so it outlives the calling shell and its job control.
  if ! as_pg setsid "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t "$INFRA_START_TIMEOUT" start >/dev/null; then
    tail_log "$PART" "$PG_LOG"
    die "$PART" "pg_ctl start failed"
  fi
  if ! pg_ensure_role_and_db; then
    tail_log "$PART" "$PG_LOG"
    die "$PART" "could not create role/database"
  fi
  if ! wait_until "$PART" "$INFRA_START_TIMEOUT" "select 1 as $PG_USER" pg_app_ready; then
    tail_log "$PART" "$PG_LOG"
    die "$PART" "'$PG_USER' cannot connect to $BIND_HOST:$PG_PORT/$PG_DATABASE"
  fi
  log "$PART" "ready (pid $(pg_pid)), database $PG_DATABASE owned by $PG_USER"
}

pg_stop() {
  pg_init_paths
  if ! pg_running; then
    log "$PART" "not running"
    return 0
  fi
  log "$PART" "stopping (pid $(pg_pid))"
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null
  log "$PART" "stopped"
}

pg_status() {
  pg_init_paths
  if pg_running && pg_app_ready; then
    log "$PART" "running (pid $(pg_pid)) on $BIND_HOST:$PG_PORT, data $PG_DATA"
    return 0
  fi
  log "$PART" "not running"
  return 1
}

pg_purge() {
  pg_stop
  pg_init_paths
  log "$PART" "removing $PG_BASE"
  rm -rf "$PG_BASE"
}

postgres_install() { pg_install; }
postgres_start() { pg_start; }
postgres_stop() { pg_stop; }
postgres_status() { pg_status; }
postgres_purge() { pg_purge; }

if [[ "${1:-}" == "psql" ]]; then
  shift
  pg_app_psql "$@"
  exit $?
fi
run_subcommand "$PART" "$@"
