#!/usr/bin/env bash
# Stops the local infrastructure. Data directories are kept unless --purge is given.
#   bash deploy/local/down.sh                # stop all
#   bash deploy/local/down.sh --purge        # stop all and delete all state (data, logs, pid files)
#   bash deploy/local/down.sh kafka          # stop one part (with --purge: delete its state)
# The download/build cache (QUERYLANE_CACHE_DIR) is never touched.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

purge=0
parts=()
for arg in "$@"; do
  case "$arg" in
    --purge) purge=1 ;;
    postgres | pg | postgresql) parts+=(postgres) ;;
    kafka) parts+=(kafka) ;;
    minio | s3) parts+=(minio) ;;
    *)
      echo "usage: $(basename "$0") [--purge] [postgres|kafka|minio]..." >&2
      exit 2
      ;;
  esac
done
all=0
if ((${#parts[@]} == 0)); then
  parts=(minio kafka postgres)
  all=1
fi

failed=()
for part in "${parts[@]}"; do
  if ((purge)); then
    bash "$LOCAL_DIR/$part.sh" purge || failed+=("$part")
  else
    bash "$LOCAL_DIR/$part.sh" stop || failed+=("$part")
  fi
done

if ((purge && all)) && ((${#failed[@]} == 0)); then
  log down "removing $STATE_DIR"
  rm -rf "$STATE_DIR"
fi
if ((${#failed[@]} > 0)); then
  echo "[infra] down: FAILED to stop: ${failed[*]}" >&2
  exit 1
fi
log down "done"
