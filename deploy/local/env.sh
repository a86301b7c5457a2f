#!/usr/bin/env bash
# Prints the environment that points the services at the local parts, as `export NAME=value` lines:
#   eval "$(bash deploy/local/env.sh)"
# It honours the same overrides as the other scripts (PG_PORT, PG_USER, PG_PASSWORD, PG_DATABASE,
# KAFKA_PORT, MINIO_PORT, MINIO_ROOT_USER, MINIO_ROOT_PASSWORD, S3_BUCKET).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Percent-encodes a URL userinfo/path component.
urlencode() {
  local s="$1" out="" c i
  for ((i = 0; i < ${#s}; i++)); do
    c="${s:i:1}"
    case "$c" in
      [a-zA-Z0-9.~_-]) out+="$c" ;;
      *) out+="$(printf '%%%02X' "'$c")" ;;
    esac
  done
  printf '%s' "$out"
}

emit() {
  printf 'export %s=%q\n' "$1" "$2"
}

emit DATABASE_URL "postgres://$(urlencode "$PG_USER"):$(urlencode "$PG_PASSWORD")@$BIND_HOST:$PG_PORT/$(urlencode "$PG_DATABASE")"
emit KAFKA_BROKERS "$BIND_HOST:$KAFKA_PORT"
emit S3_ENDPOINT "http://$BIND_HOST:$MINIO_PORT"
emit S3_ACCESS_KEY "$MINIO_ROOT_USER"
emit S3_SECRET_KEY "$MINIO_ROOT_PASSWORD"
emit S3_BUCKET "$S3_BUCKET"
