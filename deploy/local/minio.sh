#!/usr/bin/env bash
# MinIO built from source with the Go toolchain (Go module proxy), run on 127.0.0.1.
#   minio.sh install   build github.com/minio/minio@$MINIO_VERSION into the cache (once)
#   minio.sh start     start the server (no-op when running), create bucket $S3_BUCKET
#   minio.sh stop      stop it (data kept)
#   minio.sh status    exit 0 when running and ready
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PART=minio
# MinIO publishes no semver tags, so the proxy only knows pseudo-versions; this one is the
# newest commit the proxy served when the scripts were written (see README.md).
MINIO_MODULE=github.com/minio/minio
MINIO_VERSION="${MINIO_VERSION:-v0.0.0-20260212201848-7aac2a2c5b7c}"
MINIO_CACHE="$CACHE_DIR/minio/$MINIO_VERSION"
MINIO_BIN="$MINIO_CACHE/minio"
GO_CACHE_ROOT="$CACHE_DIR/go"
MINIO_STATE="$STATE_DIR/minio"
MINIO_DATA="$MINIO_STATE/data"
MINIO_PIDFILE="$RUN_DIR/minio.pid"
MINIO_LOG="$LOG_DIR/minio.log"
MINIO_URL="http://$BIND_HOST:$MINIO_PORT"

go_env() {
  env GOMODCACHE="$GO_CACHE_ROOT/mod" GOCACHE="$GO_CACHE_ROOT/build" GOPATH="$GO_CACHE_ROOT/path" \
    GOFLAGS="-modcacherw -buildvcs=false" CGO_ENABLED=0 "$@"
}

minio_install() {
  if [[ -x "$MINIO_BIN" ]]; then
    log "$PART" "installed ($MINIO_BIN)"
    return 0
  fi
  need_cmd "$PART" go "install Go >= 1.24 (Debian's golang is too old; use the official toolchain)"
  ensure_dirs
  mkdir -p "$MINIO_CACHE" "$GO_CACHE_ROOT"
  local started=$SECONDS tmpbin buildlog
  tmpbin="$(mktemp -d "$MINIO_CACHE/.gobin.XXXXXX")"
  buildlog="$CACHE_DIR/minio/build-$MINIO_VERSION.log"
  log "$PART" "building $MINIO_MODULE@$MINIO_VERSION with $(go version | awk '{print $3}') (first time takes minutes; log: $buildlog)"
  if go_env GOBIN="$tmpbin" go install -trimpath -ldflags "-s -w" "$MINIO_MODULE@$MINIO_VERSION" >"$buildlog" 2>&1; then
    :
  elif grep -q 'replace directives' "$buildlog"; then
    # Versions whose go.mod has replace directives cannot be `go install`ed: build a writable copy.
    log "$PART" "go install refused (replace directives); building from a copy of the module"
    local srcdir workdir
    srcdir="$(go_env go mod download -json "$MINIO_MODULE@$MINIO_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
    [[ -d "$srcdir" ]] || die "$PART" "go mod download did not report a source directory"
    workdir="$MINIO_CACHE/src"
    rm -rf "$workdir"
    cp -r "$srcdir" "$workdir"
    chmod -R u+w "$workdir"
    if ! (cd "$workdir" && go_env go build -trimpath -ldflags "-s -w" -o "$tmpbin/minio" . >>"$buildlog" 2>&1); then
      tail_log "$PART" "$buildlog"
      rm -rf "$tmpbin"
      die "$PART" "build failed"
    fi
    rm -rf "$workdir"
  else
    tail_log "$PART" "$buildlog"
    rm -rf "$tmpbin"
    die "$PART" "go install failed"
  fi
  mv "$tmpbin/minio" "$MINIO_BIN"
  rm -rf "$tmpbin"
  log "$PART" "built $MINIO_BIN in $((SECONDS - started))s"
}

minio_ready() {
  curl -sf -o /dev/null --max-time 2 "$MINIO_URL/minio/health/ready"
}

# Creates $S3_BUCKET (S3 PUT Bucket signed with SigV4 by curl); an existing bucket is fine.
minio_ensure_bucket() {
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -X PUT \
    --aws-sigv4 "aws:amz:us-east-1:s3" --user "$MINIO_ROOT_USER:$MINIO_ROOT_PASSWORD" \
    "$MINIO_URL/$S3_BUCKET")" || true
  case "$code" in
    200) log "$PART" "created bucket $S3_BUCKET" ;;
    409) log "$PART" "bucket $S3_BUCKET exists" ;;
    *) die "$PART" "could not create bucket $S3_BUCKET (HTTP $code)" ;;
  esac
}

minio_start() {
  ensure_dirs
  local pid
  if pid="$(pid_alive "$MINIO_PIDFILE" "$MINIO_DATA")"; then
    if wait_until "$PART" "$INFRA_START_TIMEOUT" "health/ready" minio_ready; then
      log "$PART" "already running (pid $pid) on $MINIO_URL"
      return 0
    fi
    die "$PART" "process $pid is running but not ready; see $MINIO_LOG"
  fi
  if port_open "$BIND_HOST" "$MINIO_PORT"; then
    die "$PART" "port $MINIO_PORT is already in use by another process (set MINIO_PORT)"
  fi
  [[ -x "$MINIO_BIN" ]] || minio_install
  mkdir -p "$MINIO_DATA"
  log "$PART" "starting on $MINIO_URL (console $BIND_HOST:$MINIO_CONSOLE_PORT, data $MINIO_DATA)"
  start_detached "$MINIO_PIDFILE" "$MINIO_LOG" \
    env MINIO_ROOT_USER="$MINIO_ROOT_USER" MINIO_ROOT_PASSWORD="$MINIO_ROOT_PASSWORD" \
    MINIO_UPDATE=off MINIO_BROWSER="${MINIO_BROWSER:-on}" \
    "$MINIO_BIN" server "$MINIO_DATA" \
    --address "$BIND_HOST:$MINIO_PORT" --console-address "$BIND_HOST:$MINIO_CONSOLE_PORT"
  pid="$(cat "$MINIO_PIDFILE")"
  if ! wait_for_port "$PART" "$BIND_HOST" "$MINIO_PORT" "$INFRA_START_TIMEOUT" "$pid" ||
    ! wait_until "$PART" "$INFRA_START_TIMEOUT" "health/ready" minio_ready; then
    tail_log "$PART" "$MINIO_LOG"
    die "$PART" "did not become ready"
  fi
  minio_ensure_bucket
  log "$PART" "ready (pid $pid)"
}

minio_stop() {
  stop_pidfile "$PART" "$MINIO_PIDFILE" 30 "$MINIO_DATA"
}

minio_status() {
  local pid
  if pid="$(pid_alive "$MINIO_PIDFILE" "$MINIO_DATA")" && minio_ready; then
    log "$PART" "running (pid $pid) on $MINIO_URL"
    return 0
  fi
  log "$PART" "not running"
  return 1
}

minio_purge() {
  minio_stop
  log "$PART" "removing $MINIO_STATE"
  rm -rf "$MINIO_STATE" "$MINIO_LOG"
}

run_subcommand "$PART" "$@"
