#!/usr/bin/env bash
# Apache Kafka, one KRaft node (broker + controller), from its jars on Maven Central, on 127.0.0.1.
#   kafka.sh install   resolve org.apache.kafka:kafka_2.13:$KAFKA_VERSION (+ tools, logging) into the cache
#   kafka.sh start     format the log dir once, start the broker (no-op when running), wait for metadata
#   kafka.sh stop      stop it (data kept)
#   kafka.sh status    exit 0 when running and answering metadata requests
#   kafka.sh topics    run TopicCommand against the broker, e.g. `kafka.sh topics --list`
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PART=kafka
# See README.md for why this version (kafkajs 2.2.4 was tested against it).
KAFKA_VERSION="${KAFKA_VERSION:-4.3.1}"
# The slf4j 1.x -> log4j2 binding for 4.x brokers (3.x brokers bring slf4j-reload4j with kafka-tools).
KAFKA_LOG4J2_VERSION="${KAFKA_LOG4J2_VERSION:-2.25.4}"
KAFKA_HEAP="${KAFKA_HEAP:-512m}"
KAFKA_CACHE="$CACHE_DIR/kafka/$KAFKA_VERSION"
KAFKA_LIBS="$KAFKA_CACHE/libs"
MAVEN_REPO="$CACHE_DIR/m2"
KAFKA_STATE="$STATE_DIR/kafka"
KAFKA_DATA="$KAFKA_STATE/data"
KAFKA_CONFIG="$KAFKA_STATE/server.properties"
KAFKA_PIDFILE="$RUN_DIR/kafka.pid"
KAFKA_LOG="$LOG_DIR/kafka.log"
KAFKA_BOOTSTRAP="$BIND_HOST:$KAFKA_PORT"

kafka_major() {
  printf '%s\n' "${KAFKA_VERSION%%.*}"
}

java_cmd() {
  if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then
    printf '%s\n' "$JAVA_HOME/bin/java"
  else
    command -v java || true
  fi
}

ensure_java() {
  local java version
  java="$(java_cmd)"
  if [[ -z "$java" ]]; then
    apt_install "$PART" openjdk-17-jre-headless
    java="$(java_cmd)"
  fi
  version="$("$java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)"
  if [[ -z "$version" || "$version" -lt 17 ]]; then
    die "$PART" "Java 17 or newer is required ($java reports '${version:-unknown}')"
  fi
  printf '%s\n' "$java"
}

kafka_write_pom() {
  local pom="$1" logging=""
  if (($(kafka_major) >= 4)); then
    logging="<dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>$KAFKA_LOG4J2_VERSION</version></dependency>"
  fi
  cat >"$pom" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.querylane.local</groupId>
  <artifactId>kafka-dist</artifactId>
  <version>$KAFKA_VERSION</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-tools</artifactId><version>$KAFKA_VERSION</version></dependency>
    $logging
  </dependencies>
</project>
EOF
}

kafka_installed() {
  [[ -f "$KAFKA_CACHE/.complete" ]]
}

kafka_install() {
  if kafka_installed; then
    log "$PART" "installed ($KAFKA_LIBS)"
    return 0
  fi
  ensure_java >/dev/null
  command -v mvn >/dev/null 2>&1 || apt_install "$PART" maven
  ensure_dirs
  local started=$SECONDS tmp
  mkdir -p "$CACHE_DIR/kafka"
  tmp="$(mktemp -d "$CACHE_DIR/kafka/.install.XXXXXX")"
  kafka_write_pom "$tmp/pom.xml"
  log "$PART" "resolving org.apache.kafka:kafka_2.13:$KAFKA_VERSION from Maven Central"
  if ! (cd "$tmp" && mvn -B -q -Dmaven.repo.local="$MAVEN_REPO" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp/libs" >"$tmp/mvn.log" 2>&1); then
    cat "$tmp/mvn.log" >&2
    rm -rf "$tmp"
    die "$PART" "mvn dependency:copy-dependencies failed"
  fi
  rm -rf "$KAFKA_CACHE"
  mv "$tmp" "$KAFKA_CACHE"
  touch "$KAFKA_CACHE/.complete"
  log "$PART" "installed $(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $((SECONDS - started))s"
}

kafka_write_config() {
  mkdir -p "$KAFKA_STATE" "$KAFKA_DATA" "$LOG_DIR/kafka"
  cat >"$KAFKA_CONFIG" <<EOF
# Written by deploy/local/kafka.sh on every start; edit the script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$BIND_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$BIND_HOST:$KAFKA_PORT,CONTROLLER://$BIND_HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$BIND_HOST:$KAFKA_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=${KAFKA_OFFSETS_PARTITIONS:-10}
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=${KAFKA_TRANSACTION_PARTITIONS:-10}
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=${KAFKA_AUTO_CREATE_TOPICS:-false}
delete.topic.enable=true
log.retention.hours=168
log.segment.bytes=67108864
EOF
  cat >"$KAFKA_STATE/log4j2.properties" <<EOF
status = warn
appender.out.type = Console
appender.out.name = STDOUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = ${KAFKA_LOG_LEVEL:-INFO}
rootLogger.appenderRef.out.ref = STDOUT
logger.kafka.name = kafka
logger.kafka.level = ${KAFKA_LOG_LEVEL:-INFO}
logger.state.name = state.change.logger
logger.state.level = WARN
logger.request.name = kafka.request.logger
logger.request.level = WARN
EOF
  cat >"$KAFKA_STATE/log4j.properties" <<EOF
log4j.rootLogger=${KAFKA_LOG_LEVEL:-INFO}, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.request.logger=WARN
EOF
}

# Logging for the command-line tools: warnings and errors only, on stderr.
kafka_write_tools_logging() {
  mkdir -p "$KAFKA_STATE"
  [[ -f "$KAFKA_STATE/tools-log4j2.properties" ]] || cat >"$KAFKA_STATE/tools-log4j2.properties" <<'EOF2'
status = error
appender.err.type = Console
appender.err.name = STDERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = STDERR
EOF2
  [[ -f "$KAFKA_STATE/tools-log4j.properties" ]] || cat >"$KAFKA_STATE/tools-log4j.properties" <<'EOF2'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF2
}

# kafka_java CLASS ARGS... -> runs a Kafka tool main class with the cached jars (foreground)
kafka_java() {
  local java
  java="$(ensure_java)"
  kafka_write_tools_logging
  "$java" -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djava.awt.headless=true \
    -Dlog4j2.configurationFile="file:$KAFKA_STATE/tools-log4j2.properties" \
    -Dlog4j.configuration="file:$KAFKA_STATE/tools-log4j.properties" \
    -cp "$KAFKA_LIBS/*" "$@"
}

kafka_topics() {
  [[ -f "$KAFKA_CACHE/.complete" ]] || die "$PART" "not installed (run kafka.sh install)"
  kafka_java org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BOOTSTRAP" "$@"
}

kafka_metadata_ok() {
  kafka_java org.apache.kafka.tools.TopicCommand --bootstrap-server "$KAFKA_BOOTSTRAP" --list >/dev/null 2>&1
}

# Once per formatted log dir: make the broker create __consumer_offsets and __transaction_state now
# (a FindCoordinator request for a group and for a transactional id), so the first consumer group
# or transactional producer of a test run does not wait for them. Failures here are harmless.
kafka_warm_up() {
  [[ -f "$KAFKA_STATE/.warmed-up" ]] && return 0
  log "$PART" "warming up (creating the group and transaction coordinator topics)"
  kafka_java org.apache.kafka.tools.consumer.group.ConsumerGroupCommand --bootstrap-server "$KAFKA_BOOTSTRAP" \
    --describe --group querylane-warm-up >/dev/null 2>&1 || true
  kafka_java org.apache.kafka.tools.TransactionsCommand --bootstrap-server "$KAFKA_BOOTSTRAP" \
    describe --transactional-id querylane-warm-up >/dev/null 2>&1 || true
  touch "$KAFKA_STATE/.warmed-up"
}

kafka_format() {
  if [[ -f "$KAFKA_DATA/meta.properties" ]]; then
    return 0
  fi
  local cluster_id_file="$KAFKA_STATE/cluster.id" cluster_id
  if [[ ! -s "$cluster_id_file" ]]; then
    # A Kafka cluster id is a base64url (no padding) UUID of 16 random bytes.
    head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$cluster_id_file"
  fi
  cluster_id="$(cat "$cluster_id_file")"
  log "$PART" "formatting $KAFKA_DATA (cluster id $cluster_id)"
  if ! kafka_java kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_CONFIG" \
    >"$LOG_DIR/kafka-format.log" 2>&1; then
    tail_log "$PART" "$LOG_DIR/kafka-format.log"
    die "$PART" "StorageTool format failed"
  fi
}

kafka_start() {
  ensure_dirs
  local pid
  if pid="$(pid_alive "$KAFKA_PIDFILE" kafka.Kafka)"; then
    if wait_until "$PART" "$INFRA_START_TIMEOUT" "a metadata response" kafka_metadata_ok; then
      log "$PART" "already running (pid $pid) on $KAFKA_BOOTSTRAP"
      return 0
    fi
    die "$PART" "process $pid is running but does not answer metadata requests; see $KAFKA_LOG"
  fi
  local port
  for port in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
    if port_open "$BIND_HOST" "$port"; then
      die "$PART" "port $port is already in use by another process (set KAFKA_PORT / KAFKA_CONTROLLER_PORT)"
    fi
  done
  kafka_installed || kafka_install
  local java
  java="$(ensure_java)"
  kafka_write_config
  kafka_format
  log "$PART" "starting $KAFKA_VERSION on $KAFKA_BOOTSTRAP (controller $BIND_HOST:$KAFKA_CONTROLLER_PORT, heap $KAFKA_HEAP)"
  start_detached "$KAFKA_PIDFILE" "$KAFKA_LOG" \
    "$java" "-Xms$KAFKA_HEAP" "-Xmx$KAFKA_HEAP" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true \
    -Dkafka.logs.dir="$LOG_DIR/kafka" \
    -Dlog4j2.configurationFile="file:$KAFKA_STATE/log4j2.properties" \
    -Dlog4j.configuration="file:$KAFKA_STATE/log4j.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_CONFIG"
  pid="$(cat "$KAFKA_PIDFILE")"
  if ! wait_for_port "$PART" "$BIND_HOST" "$KAFKA_PORT" "$INFRA_START_TIMEOUT" "$pid" ||
    ! wait_until "$PART" "$INFRA_START_TIMEOUT" "a metadata response" kafka_metadata_ok; then
    tail_log "$PART" "$KAFKA_LOG"
    die "$PART" "did not become ready"
  fi
  kafka_warm_up
  log "$PART" "ready (pid $pid)"
}

kafka_stop() {
  # A controlled shutdown of one KRaft node takes a few seconds.
  stop_pidfile "$PART" "$KAFKA_PIDFILE" 60 kafka.Kafka
}

kafka_status() {
  local pid
  if pid="$(pid_alive "$KAFKA_PIDFILE" kafka.Kafka)" && kafka_metadata_ok; then
    log "$PART" "running $KAFKA_VERSION (pid $pid) on $KAFKA_BOOTSTRAP"
    return 0
  fi
  log "$PART" "not running"
  return 1
}

kafka_purge() {
  kafka_stop
  log "$PART" "removing $KAFKA_STATE"
  rm -rf "$KAFKA_STATE" "$LOG_DIR/kafka" "$LOG_DIR/kafka.log" "$LOG_DIR/kafka-format.log"
}

if [[ "${1:-}" == "topics" ]]; then
  shift
  kafka_topics "$@"
  exit $?
fi
run_subcommand "$PART" "$@"
