#!/usr/bin/env bash
# Installs (cached) and starts the local infrastructure on 127.0.0.1, then checks each part is ready.
#   bash deploy/local/up.sh                  # postgres, kafka, minio
#   bash deploy/local/up.sh postgres kafka   # only these parts
# Exits non-zero, naming the parts, when any part does not come up.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() {
  echo "usage: $(basename "$0") [postgres|kafka|minio]..." >&2
  exit 2
}

parts=()
for arg in "$@"; do
  case "$arg" in
    postgres | pg | postgresql) parts+=(postgres) ;;
    kafka) parts+=(kafka) ;;
    minio | s3) parts+=(minio) ;;
    -h | --help) usage ;;
    *) echo "[infra] up: unknown part '$arg'" >&2 && usage ;;
  esac
done
if ((${#parts[@]} == 0)); then
  parts=(postgres kafka minio)
fi

ensure_dirs
started_all=$SECONDS
failed=()
for part in "${parts[@]}"; do
  t0=$SECONDS
  log "$part" "install + start"
  if bash "$LOCAL_DIR/$part.sh" install && bash "$LOCAL_DIR/$part.sh" start; then
    log "$part" "up in $((SECONDS - t0))s"
  else
    failed+=("$part")
  fi
done

# Final readiness check of everything that was asked for (status re-runs each part's real check).
for part in "${parts[@]}"; do
  if [[ " ${failed[*]-} " == *" $part "* ]]; then
    continue
  fi
  if ! bash "$LOCAL_DIR/$part.sh" status; then
    failed+=("$part")
  fi
done

if ((${#failed[@]} > 0)); then
  echo "[infra] up: FAILED: ${failed[*]} did not come up; logs are in $LOG_DIR" >&2
  exit 1
fi
log up "all up (${parts[*]}) in $((SECONDS - started_all))s; environment: eval \"\$(bash $LOCAL_DIR/env.sh)\""
