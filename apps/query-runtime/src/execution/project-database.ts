// One project's in-memory DuckDB: its datalines copied in from Parquet once, then locked so that
// no query can read a file, the network or change a setting. Queries run on a few connections
// (lanes), each running one statement at a time from prepared statements kept per SQL text: while
// one lane's result travels back through the event loop, another lane's query runs.
import { availableParallelism } from 'node:os';
import { DuckDBInstance, DuckDBMaterializedResult, StatementType, type DuckDBConnection, type DuckDBResult, type DuckDBDataChunk, type DuckDBPreparedStatement, type DuckDBValue } from '@duckdb/node-api';
import { quoteIdentifier, quoteLiteral } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import type { Logger } from 'pino';
import { asSubquery, jsonRowExpression, jsonWrappedSql, limitedSql, type ColumnShape } from './json-projection.js';
import { toJsonSafe } from './json-safe-value.js';
import { batchedLookupSql, batchSize, keysComparable, maxLookupBatch, pointLookupOf, type PointLookup } from './point-lookups.js';

export interface ProjectTable {
  /** The dataline's table name, as its query programs spell it. */
  name: string;
  parquetPath: string;
  /** Changes whenever a newer response object replaces the data (e.g. the data object id). */
  version: string;
  /**
   * Columns looked up by one value (the keys lookup programs are generated for): each gets an ART
   * index, so `WHERE key = $key` reads one row instead of scanning the table (on a million rows in
   * random order, 1.2 → 0.65 ms for a number, 4.9 → 0.63 ms for text).
   */
  keyColumns?: readonly string[];
}

export interface RunOptions {
  /** Default 5,000 ms; the running query is interrupted when it is reached. */
  timeoutMs?: number;
  /** Default 10,000 rows (DESIGN.md §7); one more is read to know whether there were more. */
  rowLimit?: number;
}

export interface ResultColumn {
  name: string;
  /** DuckDB SQL type (`BIGINT`, `DECIMAL(18,3)`, `STRUCT(a INTEGER)`). */
  type: string;
}

export interface QueryResult {
  /** The rows as a JSON array of objects, JSON-safe (json-projection.ts, json-safe-value.ts). */
  json: string;
  rowCount: number;
  columns: ResultColumn[];
  truncated: boolean;
  executionTimeMs: number;
  /** Who wrote the rows' JSON: DuckDB's projection, or JavaScript (small answers, uncovered types). */
  writtenBy: RowsWriter;
  /** How many calls the statement answered, when point lookups called side by side ran as one (point-lookups.ts). */
  batchedCalls?: number;
}

export type RowsWriter = 'duckdb' | 'javascript';

/** Values a caller may bind to `$slot` parameters (JSON scalars). */
export type SlotValue = string | number | boolean | null;

export const defaultTimeoutMs = 5_000;
export const defaultRowLimit = 10_000;
/** A stream may carry far more rows than one answer, for far longer (DESIGN.md §7: more by streaming). */
export const defaultStreamRowLimit = 1_000_000;
export const defaultStreamTimeoutMs = 60_000;
/** API.md endpoint 6: each `rows` event carries up to 1,000 rows. */
export const defaultPartRows = 1_000;

export interface StreamOptions extends RunOptions {
  /** Rows per part (default 1,000). */
  partRows?: number;
}

/** A part of a streamed result: the JSON texts of its rows and the result's columns. */
export interface RowsPart {
  rows: string[];
  columns: ResultColumn[];
}

export interface StreamEnd {
  rowCount: number;
  truncated: boolean;
  executionTimeMs: number;
  writtenBy: RowsWriter;
}

/**
 * Up to this many rows, an answer is written in JavaScript rather than by DuckDB's JSON projection.
 * DuckDB plans a statement with parameters again at each run, and the projection's expressions are
 * part of what it plans: on 1M rows (indexed range reads, CPU per call) 1.0 ms with the projection
 * against 0.5–0.6 ms without for no row, 1.2–1.7 against 1.0–1.2 for 1 to 10 rows, about even at
 * 50, 1.7–1.8 against 2.0–2.1 at 200 and 3.9–4.5 against 5.7–6.1 at 1,000.
 */
export const smallResultRows = 32;

// Used when DuckDB cannot report its memory: in-memory tables take a few times their zstd Parquet.
const parquetExpansionFactor = 4;

/** Thrown by a database closed between being handed out and being used; the caller reopens it. */
export class ProjectDatabaseClosed extends Error {}

/**
 * Connections per project database. One lane left DuckDB idle while each result went back through
 * a busy event loop (bench/query-endpoint: the platform's main thread was 65% busy at 32
 * connections while lookups waited their turn); more lanes than cores only queue inside DuckDB.
 */
const laneCount = Math.max(2, Math.min(4, availableParallelism()));

/**
 * DuckDB splits a table scan by row groups of 122,880 rows: a table of fewer than two cannot be
 * scanned by more than one thread, and a query that cannot use a second thread still pays for
 * handing its work to DuckDB's background thread and waiting for it (in-process on 1M rows, an
 * indexed lookup took 1.5–1.9 ms of CPU with two threads and 1.2–1.6 ms with one; an aggregate at
 * one call at a time 14 ms with two and 21 ms with one — docs/decisions.md).
 */
const parallelScanRows = 2 * 122_880;

export interface OpenOptions {
  logger: Logger;
  /** DuckDB's memory_limit (default 1GB). */
  memoryLimit?: string;
  /**
   * DuckDB's threads: 0 or unset chooses one when no table is large enough for a parallel scan and
   * the machine's cores otherwise. One thread serves many calls at once with the least CPU per call
   * (the lanes run calls side by side); more make a large scan faster when few calls run.
   */
  threads?: number;
}

/** One connection, its prepared statements and plans; runs and closing are chained on it. */
class Lane {
  readonly prepared = new Map<string, DuckDBPreparedStatement>();
  readonly plans = new Map<string, Plan>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Tasks queued or running here. */
  pending = 0;

  constructor(readonly connection: DuckDBConnection) {}

  /** Runs `work` once everything queued before it on this lane is done. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const task = this.queue.then(work).finally(() => {
      this.pending -= 1;
    });
    this.queue = task.catch(() => undefined);
    return task;
  }

  close(): void {
    for (const statement of this.prepared.values()) statement.destroySync();
    this.prepared.clear();
    this.plans.clear();
    this.connection.closeSync();
  }
}

/** A call of a point lookup waiting for a lane (point-lookups.ts). */
interface WaitingLookup {
  /** The slot's value as given. */
  value: unknown;
  /** That value as bound. */
  key: DuckDBValue;
  resolve(result: QueryResult): void;
  reject(error: unknown): void;
}

/** The calls of one lookup program waiting to be answered together. */
interface LookupQueue {
  lookup: PointLookup;
  waiting: WaitingLookup[];
  /** Whether a lane has a turn queued for them. */
  scheduled: boolean;
  /** Whether a batch of them is running: calls arriving meanwhile wait for it to end. */
  running: boolean;
  /**
   * Whether calls with keys of a kind run together: not when keys of that kind and the key column's
   * type could be equal without being the same, nor when a batch failed or had many rows per key.
   */
  batchable: Map<string, boolean>;
  /** The program's columns, its key column's type and their JSON projection, learnt from the first batch. */
  shape?: { columns: ResultColumn[]; keyType: string | undefined; rowExpression: string | undefined };
}

export class ProjectDatabase {
  private readonly lanes: Lane[];
  private closed = false;
  /** Each SQL text's point lookup, or null when it is not one. */
  private readonly lookupShapes = new Map<string, PointLookup | null>();
  /** Point lookups waiting for a lane, by SQL text. */
  private readonly lookups = new Map<string, LookupQueue>();

  private constructor(
    readonly projectId: string,
    readonly tables: readonly ProjectTable[],
    /** Estimated bytes held, for the LRU's budget. */
    readonly sizeBytes: number,
    /** Table name (lower case) → the average uncompressed bytes of one row, from the Parquet footer. */
    private readonly rowBytes: ReadonlyMap<string, number>,
    private readonly instance: DuckDBInstance,
    connections: readonly DuckDBConnection[],
    private readonly logger: Logger,
  ) {
    this.lanes = connections.map((connection) => new Lane(connection));
  }

  static async open(projectId: string, tables: readonly ProjectTable[], options: OpenOptions): Promise<ProjectDatabase> {
    const started = Date.now();
    const logger = options.logger.child({ component: 'project-database', project_id: projectId });
    const instance = await DuckDBInstance.create(':memory:', {
      memory_limit: options.memoryLimit ?? '1GB',
      // Parquet is linked into the binding; nothing may be downloaded at run time.
      autoinstall_known_extensions: 'false',
    });
    const connections: DuckDBConnection[] = [];
    try {
      for (let lane = 0; lane < laneCount; lane += 1) {
        const opened = await instance.connect();
        connections.push(opened);
        await opened.run("SET TimeZone = 'UTC'");
      }
      const connection = connections[0]!;
      let parquetBytes = 0;
      let largestRows = 0;
      const rowBytes = new Map<string, number>();
      for (const table of tables) {
        await connection.run(`CREATE TABLE ${quoteIdentifier(table.name)} AS SELECT * FROM read_parquet(${quoteLiteral(table.parquetPath)})`);
        const size = await connection.runAndReadAll(
          `SELECT sum(total_compressed_size), sum(total_uncompressed_size), (SELECT num_rows FROM parquet_file_metadata(${quoteLiteral(table.parquetPath)})) FROM parquet_metadata(${quoteLiteral(table.parquetPath)})`,
        );
        const [compressed, uncompressed, rows] = (size.getRowsJS()[0] ?? []).map((value) => Number(value ?? 0));
        parquetBytes += compressed ?? 0;
        largestRows = Math.max(largestRows, rows ?? 0);
        rowBytes.set(table.name.toLowerCase(), rows ? (uncompressed ?? 0) / rows : 0);
        await indexKeys(connection, table, logger);
      }
      const memory = await connection.runAndReadAll('SELECT sum(memory_usage_bytes) FROM duckdb_memory()');
      const reported = Number(memory.getRowsJS()[0]?.[0] ?? 0);
      const sizeBytes = Math.max(reported, parquetBytes * parquetExpansionFactor);
      const threads = options.threads || (largestRows < parallelScanRows ? 1 : availableParallelism());
      await connection.run(`SET threads = ${threads}`);
      // From here on no statement can read or write a file, attach a database, load an extension
      // or undo these two settings (DuckDB refuses: "the configuration has been locked").
      await connection.run('SET enable_external_access = false');
      await connection.run('SET lock_configuration = true');
      logger.info({ tables: tables.map((t) => t.name), size_bytes: sizeBytes, threads, elapsed_ms: Date.now() - started }, 'project database loaded');
      return new ProjectDatabase(projectId, tables, sizeBytes, rowBytes, instance, connections, logger);
    } catch (error) {
      for (const opened of connections) opened.closeSync();
      instance.closeSync();
      logger.error({ err: error }, 'loading the project database failed');
      throw new AppError('service_unavailable', `the project's data could not be loaded into the query engine`, { project_id: projectId }, { cause: error });
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  run(sql: string, params: Readonly<Record<string, unknown>>, options: RunOptions = {}): Promise<QueryResult> {
    if (options.timeoutMs === undefined && options.rowLimit === undefined) {
      const lookup = this.pointLookup(sql);
      if (lookup !== undefined && Object.keys(params).length === 1 && lookup.slot in params) return this.lookUp(sql, lookup, params[lookup.slot]);
    }
    const lane = this.freestLane();
    return lane.enqueue(() => this.execute(lane, sql, params, options));
  }

  private pointLookup(sql: string): PointLookup | undefined {
    let shape = this.lookupShapes.get(sql);
    if (shape === undefined) {
      if (this.lookupShapes.size >= 10_000) this.lookupShapes.clear();
      shape = pointLookupOf(sql) ?? null;
      this.lookupShapes.set(sql, shape);
    }
    return shape ?? undefined;
  }

  /**
   * A point lookup's call: it waits for a lane with the other calls of the same program, and those
   * waiting when a lane becomes free run together (point-lookups.ts). One call alone, the rule when
   * calls come one at a time, runs as any program does.
   */
  private lookUp(sql: string, lookup: PointLookup, value: unknown): Promise<QueryResult> {
    let key: DuckDBValue;
    try {
      key = slotValue(lookup.slot, value);
    } catch (error) {
      return Promise.reject(error);
    }
    let queue = this.lookups.get(sql);
    if (queue === undefined) {
      // Kept per program for what they learn; a process with very many forgets the idle ones.
      if (this.lookups.size >= 10_000) for (const [text, idle] of this.lookups) if (!idle.scheduled && !idle.running && idle.waiting.length === 0) this.lookups.delete(text);
      queue = { lookup, waiting: [], scheduled: false, running: false, batchable: new Map() };
      this.lookups.set(sql, queue);
    }
    const waiting = queue;
    return new Promise<QueryResult>((resolve, reject) => {
      waiting.waiting.push({ value, key, resolve, reject });
      if (!waiting.scheduled && !waiting.running) this.scheduleLookups(sql, waiting);
    });
  }

  private scheduleLookups(sql: string, queue: LookupQueue): void {
    queue.scheduled = true;
    const lane = this.freestLane();
    void lane.enqueue(() => this.answerLookups(lane, sql, queue));
  }

  /** A lane's turn for the waiting calls of a lookup: those with keys of the first one's kind, up to maxLookupBatch. */
  private async answerLookups(lane: Lane, sql: string, queue: LookupQueue): Promise<void> {
    queue.scheduled = false;
    queue.running = true;
    try {
      await this.answerWaitingLookups(lane, sql, queue);
    } finally {
      queue.running = false;
      if (queue.waiting.length > 0 && !queue.scheduled) this.scheduleLookups(sql, queue);
    }
  }

  private async answerWaitingLookups(lane: Lane, sql: string, queue: LookupQueue): Promise<void> {
    const kind = typeof queue.waiting[0]?.key;
    const batch: WaitingLookup[] = [];
    const rest: WaitingLookup[] = [];
    for (const call of queue.waiting) (batch.length < maxLookupBatch && typeof call.key === kind ? batch : rest).push(call);
    queue.waiting = rest;
    if (rest.length > 0) this.scheduleLookups(sql, queue);
    if (batch.length === 0) return;
    const alone = async (call: WaitingLookup) => {
      try {
        call.resolve(await this.execute(lane, sql, { [queue.lookup.slot]: call.value }, {}));
      } catch (error) {
        call.reject(error);
      }
    };
    if (batch.length === 1 || queue.batchable.get(kind) === false) {
      for (const call of batch) await alone(call);
      return;
    }
    let answers: QueryResult[] | undefined;
    try {
      answers = await this.executeLookups(lane, queue, batch);
    } catch (error) {
      // Closed: the callers reopen it; past the time-out: each alone would take as long.
      if (error instanceof ProjectDatabaseClosed || (error instanceof AppError && error.code === 'timeout')) {
        for (const call of batch) call.reject(error);
        return;
      }
      // DuckDB refuses keys of another type than the column's in one list: such calls run alone from now on.
      queue.batchable.set(kind, false);
      this.logger.debug({ err: error, calls: batch.length }, 'a batch of lookups failed; each runs alone');
    }
    if (answers === undefined) for (const call of batch) await alone(call);
    else for (const [index, call] of batch.entries()) call.resolve(answers[index]!);
  }

  /**
   * The answers of lookups run as one statement, each as the program alone would give it; undefined
   * when they cannot be told apart safely (keys of another kind than the key column's) or the rows
   * are more than a few per key — each call then runs alone.
   */
  private async executeLookups(lane: Lane, queue: LookupQueue, calls: readonly WaitingLookup[]): Promise<QueryResult[] | undefined> {
    if (this.closed) throw new ProjectDatabaseClosed(this.projectId);
    const { lookup } = queue;
    const started = performance.now();
    const kind = typeof calls[0]!.key;
    const size = batchSize(calls.length);
    // More rows than a small answer per key: no longer a point lookup; the calls run alone.
    const cap = calls.length * smallResultRows;
    const batched = batchedLookupSql(lookup, size, cap + 1);
    // Once the rows' columns are known, DuckDB writes each row's JSON (json-projection.ts): its
    // planning is paid once for the whole batch.
    const projected = queue.shape?.rowExpression !== undefined;
    const sql = projected ? `SELECT q."__lookup_position", ${queue.shape!.rowExpression} AS row_json FROM ${asSubquery(batched)}` : batched;
    const statement = await this.prepare(lane, sql);
    statement.clearBindings();
    statement.bind(Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, calls[Math.min(index, calls.length - 1)]!.key])));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      lane.connection.interrupt();
    }, defaultTimeoutMs);
    let result: DuckDBResult;
    try {
      result = await statement.run();
    } catch (error) {
      if (timedOut) throw new AppError('timeout', `the query did not finish within ${defaultTimeoutMs} ms`, { timeout_ms: defaultTimeoutMs }, { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
    if (queue.shape === undefined) {
      const shape = result.columnNames().slice(0, -1).map((name, index) => ({ name, type: result.columnType(index) }));
      const keyColumn = shape.find((column) => column.name === lookup.keyName);
      queue.shape = { columns: shape.map((column) => ({ name: column.name, type: column.type.toString() })), keyType: keyColumn?.type.toString(), rowExpression: jsonRowExpression(shape) };
    }
    const { columns, keyType } = queue.shape;
    if (!queue.batchable.has(kind)) queue.batchable.set(kind, keyType !== undefined && keysComparable(calls[0]!.key, keyType));
    if (!queue.batchable.get(kind)) return undefined;
    const names = result.deduplicatedColumnNames().slice(0, -1);
    // Equal keys share a position (list_position gives the first), hence their rows.
    const positionOf = calls.map((call) => calls.findIndex((other) => other.key === call.key));
    const rowsAt: string[][] = calls.map(() => []);
    let total = 0;
    for await (const chunk of chunksOf(result)) {
      const texts = projected ? jsonTexts(chunk, 1) : undefined;
      const positions = projected ? chunk.getColumnVector(0) : undefined;
      const rows = projected ? undefined : chunk.getRows();
      for (let index = 0; index < chunk.rowCount; index += 1) {
        total += 1;
        const values = rows?.[index];
        const position = positions ? positions.getItem(index) : values![values!.length - 1];
        if (typeof position !== 'number' || position < 1 || position > calls.length || total > cap) {
          // Not a point lookup after all (many rows per key): its calls run alone from now on.
          queue.batchable.set(kind, false);
          return undefined;
        }
        rowsAt[position - 1]!.push(texts ? texts[index]! : JSON.stringify(Object.fromEntries(names.map((name, column) => [name, toJsonSafe(values![column]!)]))));
      }
    }
    const executionTimeMs = Math.round((performance.now() - started) * 1000) / 1000;
    return positionOf.map((position) => {
      const rows = rowsAt[position]!.slice(0, Math.min(lookup.limit, defaultRowLimit));
      return {
        json: `[${rows.join(',')}]`,
        rowCount: rows.length,
        columns,
        truncated: lookup.limit > defaultRowLimit && rowsAt[position]!.length > defaultRowLimit,
        executionTimeMs,
        writtenBy: projected ? 'duckdb' : 'javascript',
        batchedCalls: calls.length,
      };
    });
  }

  /** The lane with the fewest tasks waiting (the first of equals). */
  private freestLane(): Lane {
    let best = this.lanes[0]!;
    for (const lane of this.lanes) if (lane.pending < best.pending) best = lane;
    return best;
  }

  /**
   * What one run of the query reads, from DuckDB's own profile (EXPLAIN ANALYZE): the rows its
   * scans read, and those rows' bytes estimated from each table's uncompressed Parquet size per row
   * (the tables live in memory, so DuckDB reports no bytes read of its own).
   */
  scanned(sql: string, params: Readonly<Record<string, unknown>>, options: RunOptions = {}): Promise<ScanProfile> {
    const lane = this.freestLane();
    return lane.enqueue(async () => {
      if (this.closed) throw new ProjectDatabaseClosed(this.projectId);
      const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
      const timer = setTimeout(() => lane.connection.interrupt(), timeoutMs);
      try {
        const statement = await lane.connection.prepare(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.replace(/[\s;]+$/, '')}`);
        try {
          bindSlots(statement, slotValues(params));
          const reader = await statement.runAndReadAll();
          const plan = JSON.parse(String(reader.getRowsJS()[0]?.[1] ?? '{}')) as ProfileNode | ProfileNode[];
          return this.scanTotals(Array.isArray(plan) ? plan[0] : plan);
        } finally {
          statement.destroySync();
        }
      } catch (error) {
        throw queryFailure(error);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  private scanTotals(root: ProfileNode | undefined): ScanProfile {
    const averageRowBytes = [...this.rowBytes.values()].reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, this.rowBytes.size);
    let rowsScanned = 0;
    let bytesScanned = 0;
    const visit = (node: ProfileNode): void => {
      const rows = Number(node.operator_rows_scanned ?? 0);
      if (rows > 0) {
        const table = typeof node.extra_info?.Table === 'string' ? node.extra_info.Table.toLowerCase() : undefined;
        rowsScanned += rows;
        bytesScanned += rows * ((table !== undefined ? this.rowBytes.get(table) : undefined) ?? averageRowBytes);
      }
      for (const child of node.children ?? []) visit(child);
    };
    if (root !== undefined) visit(root);
    return { rowsScanned, bytesScanned: Math.round(bytesScanned) };
  }

  /** Closes after the queries already queued; later calls of run() get ProjectDatabaseClosed. */
  async close(): Promise<void> {
    // A turn on every lane: each lane's queue drains, and nothing runs while they close.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turns = this.lanes.map((lane) => new Promise<void>((reached) => void lane.enqueue(() => (reached(), released))));
    await Promise.all(turns);
    try {
      if (this.closed) return;
      this.closed = true;
      for (const lane of this.lanes) lane.close();
      this.instance.closeSync();
      this.logger.debug('project database closed');
    } finally {
      release();
    }
  }

  /**
   * Runs the query and hands over its rows in parts of at most `partRows` as JSON arrays, without
   * holding the whole result: for results larger than a single answer may carry (streaming). The
   * project's other queries wait until the stream ends or is abandoned (`return()`); the time-out
   * covers the whole stream.
   */
  async *stream(sql: string, params: Readonly<Record<string, unknown>>, options: StreamOptions = {}): AsyncGenerator<RowsPart, StreamEnd> {
    // The lane is held for the whole stream: its turn ends when the stream ends or is abandoned.
    const lane = this.freestLane();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await new Promise<void>((started) => void lane.enqueue(() => (started(), released)));
    try {
      return yield* this.produce(lane, sql, params, { ...options, rowLimit: options.rowLimit ?? defaultStreamRowLimit, timeoutMs: options.timeoutMs ?? defaultStreamTimeoutMs }, options.partRows ?? defaultPartRows);
    } finally {
      release();
    }
  }

  private async execute(lane: Lane, sql: string, params: Readonly<Record<string, unknown>>, options: RunOptions): Promise<QueryResult> {
    const rows: string[] = [];
    let columns: ResultColumn[] = [];
    const parts = this.produce(lane, sql, params, options, Number.POSITIVE_INFINITY);
    for (let next = await parts.next(); ; next = await parts.next()) {
      if (next.done) return { json: `[${rows.join(',')}]`, rowCount: rows.length, columns, truncated: next.value.truncated, executionTimeMs: next.value.executionTimeMs, writtenBy: next.value.writtenBy };
      columns = next.value.columns;
      for (const row of next.value.rows) rows.push(row);
    }
  }

  /** The rows as JSON texts, in parts of at most `partRows` (the last part may be empty). */
  private async *produce(lane: Lane, sql: string, params: Readonly<Record<string, unknown>>, options: RunOptions, partRows: number): AsyncGenerator<RowsPart, StreamEnd> {
    if (this.closed) throw new ProjectDatabaseClosed(this.projectId);
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    const rowLimit = options.rowLimit ?? defaultRowLimit;
    const started = performance.now();
    const values = slotValues(params);
    let timedOut = false;
    // interrupt() stops DuckDB's worker threads mid-operator, not merely the wait for them.
    const timer = setTimeout(() => {
      timedOut = true;
      lane.connection.interrupt();
    }, timeoutMs);
    try {
      const plan = await this.plan(lane, sql, values, rowLimit);
      const whole = partRows === Number.POSITIVE_INFINITY;
      // A plan whose last answer was small runs as the program limited to rowLimit + 1 rows, its
      // values converted here: DuckDB plans a statement with parameters again at every run (its
      // filters then reach the index), and the projection's expressions made that planning cost
      // more than writing a few rows in JavaScript (smallResultRows).
      const small = whole && plan.json && plan.lastRows <= smallResultRows;
      const statement = small ? (plan.limited ??= await this.prepare(lane, limitedSql(sql, rowLimit + 1))) : plan.statement;
      const json = plan.json && !small;
      bindSlots(statement, values);
      // A program limited to rowLimit + 1 rows (JSON-wrapped or not) can be materialized, which
      // DuckDB computes with all its threads and prepares off the event loop; its streaming result
      // executes pipelines as chunks are fetched, and its preparation blocks the event loop
      // (measured on 1M rows: a lookup 1.2 → 1.1 ms and 0.27 → 0.08 ms blocked, an aggregate 19 →
      // 8.7 ms and 1.7 → 0.05 ms blocked). Parts of a stream (SSE) and unlimited statements stream.
      const result = whole && plan.json ? await statement.run() : await statement.stream();
      const columns = plan.columns ?? result.columnNames().map((name, index) => ({ name, type: result.columnType(index).toString() }));
      const names = result.deduplicatedColumnNames();
      let pending: string[] = [];
      let count = 0;
      let truncated = false;
      // Streaming stops at rowLimit + 1 rows: the rest of a large result is never produced.
      for await (const chunk of chunksOf(result)) {
        for (const row of json ? jsonTexts(chunk) : convertedTexts(chunk, names)) {
          if (count === rowLimit) {
            truncated = true;
            break;
          }
          pending.push(row);
          count += 1;
          if (pending.length >= partRows) {
            yield { rows: pending, columns };
            pending = [];
          }
        }
        if (truncated) break;
      }
      if (pending.length > 0 || count === 0) yield { rows: pending, columns };
      if (whole) plan.lastRows = count;
      return { rowCount: count, truncated, executionTimeMs: Math.round((performance.now() - started) * 1000) / 1000, writtenBy: json ? 'duckdb' : 'javascript' };
    } catch (error) {
      if (timedOut) {
        this.logger.warn({ timeout_ms: timeoutMs }, 'query interrupted at its time-out');
        throw new AppError('timeout', `the query did not finish within ${timeoutMs} ms`, { timeout_ms: timeoutMs }, { cause: error });
      }
      throw queryFailure(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * How a program runs with values of these types: wrapped so that DuckDB writes each row as JSON
   * (json-projection.ts), or as it is with the values converted in JavaScript when a result column
   * has a type the projection does not cover. The result's columns are learnt once by running the
   * program with `LIMIT 0`; they depend on the SQL and on the types of the bound values only.
   */
  private async plan(lane: Lane, sql: string, values: Readonly<Record<string, DuckDBValue>>, rowLimit: number): Promise<Plan> {
    const key = `${rowLimit}\u0000${typeSignature(values)}\u0000${sql}`;
    const known = lane.plans.get(key);
    if (known !== undefined) return known;
    const original = await this.prepare(lane, sql);
    bindSlots(original, values);
    // Only a query can be wrapped; anything else (refused by the guard before it gets here) runs as it is.
    if (original.statementType !== StatementType.SELECT) return { statement: original, json: false, columns: undefined, lastRows: Number.POSITIVE_INFINITY };
    const describe = await lane.connection.prepare(limitedSql(sql, 0));
    let shape: ColumnShape[];
    try {
      bindSlots(describe, values);
      const described = await describe.stream();
      shape = described.columnNames().map((name, index) => ({ name, type: described.columnType(index) }));
    } finally {
      describe.destroySync();
    }
    const columns = shape.map((column) => ({ name: column.name, type: column.type.toString() }));
    const rowExpression = jsonRowExpression(shape);
    const plan: Plan =
      rowExpression === undefined
        ? { statement: original, json: false, columns: undefined, lastRows: Number.POSITIVE_INFINITY }
        : { statement: await this.prepare(lane, jsonWrappedSql(sql, rowExpression, rowLimit + 1)), json: true, columns, lastRows: Number.POSITIVE_INFINITY };
    lane.plans.set(key, plan);
    return plan;
  }

  private async prepare(lane: Lane, sql: string): Promise<DuckDBPreparedStatement> {
    const cached = lane.prepared.get(sql);
    if (cached !== undefined) return cached;
    const statement = await lane.connection.prepare(sql);
    lane.prepared.set(sql, statement);
    return statement;
  }
}

export interface ScanProfile {
  rowsScanned: number;
  bytesScanned: number;
}

/** A node of DuckDB's JSON profile, as far as it is read here. */
interface ProfileNode {
  operator_rows_scanned?: number;
  extra_info?: { Table?: unknown };
  children?: ProfileNode[];
}

interface Plan {
  statement: DuckDBPreparedStatement;
  /** Whether the statement yields one JSON text per row. */
  json: boolean;
  /** The program's own columns (the wrapped statement has one); undefined: read from the result. */
  columns: ResultColumn[] | undefined;
  /** The program limited to the row limit (+ 1) without the projection, for small answers; prepared on first use. */
  limited?: DuckDBPreparedStatement;
  /** Rows of the plan's last whole answer (not a stream's); infinite before the first. */
  lastRows: number;
}

/**
 * The non-empty chunks of a result: a materialized one hands them over without waiting (each
 * fetch of a streaming one is a trip through the thread pool and back).
 */
async function* chunksOf(result: DuckDBResult): AsyncGenerator<DuckDBDataChunk> {
  if (result instanceof DuckDBMaterializedResult) {
    for (let index = 0; index < result.chunkCount; index += 1) {
      const chunk = result.getChunk(index);
      if (chunk.rowCount > 0) yield chunk;
    }
    return;
  }
  for (let chunk = await result.fetchChunk(); chunk !== null && chunk.rowCount > 0; chunk = await result.fetchChunk()) yield chunk;
}

/** The JSON texts DuckDB wrote for the rows of a chunk (the wrapped statement's column, the first unless told). */
function jsonTexts(chunk: DuckDBDataChunk, column = 0): string[] {
  const vector = chunk.getColumnVector(column);
  const texts: string[] = new Array<string>(chunk.rowCount);
  for (let index = 0; index < chunk.rowCount; index += 1) texts[index] = vector.getItem(index) as string;
  return texts;
}

/** The rows of a chunk converted in JavaScript (types the projection does not cover). */
function convertedTexts(chunk: DuckDBDataChunk, names: readonly string[]): string[] {
  return chunk.getRows().map((values) => JSON.stringify(Object.fromEntries(values.map((value, index) => [names[index] ?? String(index), toJsonSafe(value)]))));
}

/** The kinds of the bound values (`limit:bigint,city:string`): DuckDB types the result by them. */
function typeSignature(values: Readonly<Record<string, DuckDBValue>>): string {
  return Object.keys(values)
    .sort()
    .map((name) => `${name}:${values[name] === null ? 'null' : typeof values[name]}`)
    .join(',');
}

function slotValues(params: Readonly<Record<string, unknown>>): Record<string, DuckDBValue> {
  const values: Record<string, DuckDBValue> = {};
  for (const [name, value] of Object.entries(params)) values[name] = slotValue(name, value);
  return values;
}

function bindSlots(statement: DuckDBPreparedStatement, values: Readonly<Record<string, DuckDBValue>>): void {
  statement.clearBindings();
  const bound: Record<string, DuckDBValue> = {};
  const expected = new Set<string>();
  for (let index = 1; index <= statement.parameterCount; index += 1) expected.add(statement.parameterName(index));
  for (const name of expected) {
    if (!(name in values)) throw new AppError('invalid_request', `the slot ${name} has no value`, { reason: 'missing_parameter', parameter: name });
    bound[name] = values[name] as DuckDBValue;
  }
  for (const name of Object.keys(values)) {
    if (!expected.has(name)) throw new AppError('invalid_request', `the query has no slot ${name}`, { reason: 'unknown_parameter', parameter: name });
  }
  if (expected.size > 0) statement.bind(bound);
}

function slotValue(name: string, value: unknown): DuckDBValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  // Whole numbers bind as BIGINT so `LIMIT $n` and integer comparisons need no cast.
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isSafeInteger(value) ? BigInt(value) : value;
  throw new AppError('invalid_request', `the slot ${name} must be a string, a finite number, a boolean or null`, { reason: 'invalid_parameter', parameter: name });
}

/** DuckDB's first line (`Binder Error: Referenced column "x" not found…`) without the SQL excerpt. */
function queryFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const first = (message.split('\n')[0] ?? message).trim().slice(0, 300);
  if (/out of memory|could not allocate/i.test(message)) {
    return new AppError('service_unavailable', 'the query ran out of memory', undefined, { cause: error });
  }
  if (/^(Parser|Binder|Catalog|Conversion|Invalid Input|Permission|Out of Range|Constraint|Not implemented) Error/i.test(first)) {
    return new AppError('invalid_request', `the query failed: ${first}`, { reason: 'query_failed' }, { cause: error });
  }
  return new AppError('internal_error', 'the query failed', undefined, { cause: error });
}

/** An index per key column; one that cannot be built (a column gone from newer data) is skipped: lookups then scan. */
async function indexKeys(connection: DuckDBConnection, table: ProjectTable, logger: Logger): Promise<void> {
  for (const [position, column] of (table.keyColumns ?? []).entries()) {
    const started = Date.now();
    try {
      await connection.run(`CREATE INDEX ${quoteIdentifier(`${table.name}_key_${position}`)} ON ${quoteIdentifier(table.name)} (${quoteIdentifier(column)})`);
      logger.debug({ table: table.name, column, elapsed_ms: Date.now() - started }, 'key column indexed');
    } catch (error) {
      logger.warn({ err: error, table: table.name, column }, 'a key column could not be indexed; lookups on it scan the table');
    }
  }
}
