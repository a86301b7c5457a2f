// Checks the SQL of a query program before it is saved: DuckDB parses it, and the parse tree (not the
// text) must be one read-only SELECT that reads only the project's datalines.
//
// The guard is the first of two walls: the per-project databases that run the programs are also
// locked with external access off (project-database.ts), so a form this walk misses still cannot
// reach a file, the network or the system.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { AppError } from '@querylane/errors';

export type SqlRefusalReason =
  | 'empty'
  | 'syntax_error'
  | 'multiple_statements'
  | 'not_select'
  | 'forbidden_function'
  | 'forbidden_table_source'
  | 'file_reference'
  | 'table_not_allowed'
  | 'positional_parameter';

export interface ValidatedSql {
  /** The statement as given, trimmed of surrounding whitespace and a trailing semicolon. */
  statement: string;
  /** The allowed tables it reads, spelled as in `allowedTables`, in order of first use. */
  tables: string[];
  /** The names of its `$slot` parameters, in order of first use. */
  parameters: string[];
}

// Table functions in FROM that only compute: everything else (read_csv, parquet_scan, glob,
// query(), duckdb_settings(), …) is refused, so functions added by later DuckDB versions are too.
const allowedTableFunctions = new Set(['unnest', 'range', 'generate_series']);

// Scalar functions that read the host, the session or files. The scalar list is a deny list (there
// are hundreds of harmless ones); the locked database is what stops anything it misses.
const forbiddenScalarFunctions = new Set([
  'getenv',
  'current_setting',
  'read_text',
  'read_blob',
  'glob',
  'sniff_csv',
  'query',
  'query_table',
  'load_extension',
  'current_database',
  'current_schema',
  'current_schemas',
  'current_query',
  'checkpoint',
  'force_checkpoint',
  'enable_logging',
  'disable_logging',
]);
const forbiddenFunctionPrefixes = ['duckdb_', 'pragma_', 'read_', 'parquet_', 'iceberg_', 'delta_', 'sqlite_', 'postgres_', 'mysql_', 'enable_', 'disable_'];
const forbiddenFunctionSuffixes = ['_scan', '_metadata', '_schema'];

// Table references DuckDB's serializer writes for a SELECT; DESCRIBE/SHOW/SUMMARIZE arrive as
// SHOW_REF and anything unknown is refused.
const allowedTableRefTypes = new Set(['BASE_TABLE', 'JOIN', 'SUBQUERY', 'TABLE_FUNCTION', 'EMPTY', 'EXPRESSION_LIST', 'PIVOT']);

let parserInstance: Promise<DuckDBInstance> | undefined;

/**
 * One in-memory DuckDB for parsing only: nothing is ever executed in it but `json_serialize_sql`,
 * and it is locked like the project databases so even that cannot touch the host.
 */
async function parser(): Promise<DuckDBConnection> {
  parserInstance ??= (async () => {
    const instance = await DuckDBInstance.create(':memory:', { autoinstall_known_extensions: 'false', autoload_known_extensions: 'false' });
    const setup = await instance.connect();
    try {
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
    } finally {
      setup.closeSync();
    }
    return instance;
  })();
  return (await parserInstance).connect();
}

function refuse(reason: SqlRefusalReason, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError('invalid_request', message, { reason, ...extra });
}

/** DuckDB's parser message without its `LINE 1: …` excerpt and caret. */
function trimDuckDBMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/^Failed to extract statements:\s*/, '').trim().slice(0, 300);
}

/**
 * Parses `sql` with DuckDB and returns its statement, the allowed tables it reads and its named
 * parameters; throws AppError('invalid_request', …, { reason }) when it is not exactly one
 * read-only SELECT/WITH over `allowedTables`.
 */
export async function validateProgramSql(sql: string, allowedTables: readonly string[]): Promise<ValidatedSql> {
  const statement = sql.trim().replace(/;\s*$/, '').trim();
  if (statement.length === 0) throw refuse('empty', 'the query program has no SQL');
  if (statement.includes('\u0000')) throw refuse('syntax_error', 'the SQL contains a NUL character');
  const connection = await parser();
  try {
    let count: number;
    try {
      count = (await connection.extractStatements(statement)).count;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // DuckDB answers a text of comments alone with a bare native error.
      if (/native callback/i.test(message)) throw refuse('empty', 'the SQL holds no statement');
      throw refuse('syntax_error', `the SQL does not parse: ${trimDuckDBMessage(message)}`);
    }
    if (count === 0) throw refuse('empty', 'the SQL holds no statement');
    if (count > 1) throw refuse('multiple_statements', `a query program is exactly one statement; this SQL holds ${count}`, { statements: count });
    const reader = await connection.runAndReadAll('SELECT json_serialize_sql($sql::VARCHAR)', { sql: statement });
    const serialized = reader.getRowsJS()[0]?.[0];
    if (typeof serialized !== 'string') throw new AppError('internal_error', 'DuckDB returned no parse tree for the SQL');
    const tree = JSON.parse(serialized) as SerializedSql;
    if (tree.error) {
      // The serializer handles SELECT only: INSERT, COPY, PRAGMA, SET, ATTACH, EXPLAIN… end here.
      if (/only select/i.test(tree.error_message ?? '')) {
        throw refuse('not_select', 'a query program must be a read-only SELECT (or WITH … SELECT) statement');
      }
      throw refuse('syntax_error', `the SQL does not parse: ${trimDuckDBMessage(tree.error_message ?? 'unknown parser error')}`);
    }
    const walker = new TreeWalker(statement, allowedTables);
    walker.walk(tree.statements);
    return { statement, tables: walker.tables, parameters: inTextOrder(walker.parameters, tree.statements) };
  } finally {
    connection.closeSync();
  }
}

interface SerializedSql {
  error: boolean;
  error_message?: string;
  statements?: unknown;
}

type Node = Record<string, unknown>;

/** The walk meets slots in tree order (LIMIT before WHERE); DuckDB numbers them in text order. */
function inTextOrder(parameters: string[], statements: unknown): string[] {
  const first = Array.isArray(statements) ? (statements[0] as unknown) : undefined;
  const map = isNode(first) && Array.isArray(first.named_param_map) ? first.named_param_map : [];
  const index = new Map<string, number>();
  for (const entry of map) if (isNode(entry) && typeof entry.key === 'string') index.set(entry.key, Number(entry.value));
  return [...parameters].sort((a, b) => (index.get(a) ?? Infinity) - (index.get(b) ?? Infinity));
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Walks every object of the parse tree, whatever nests it (CTEs, subqueries in expressions, joins,
 * set operations, lambdas), so no position is trusted because it was forgotten.
 */
class TreeWalker {
  readonly tables: string[] = [];
  readonly parameters: string[] = [];
  private readonly allowed: Map<string, string>;
  private readonly cteNames = new Set<string>();
  private readonly sqlBytes: Buffer;

  constructor(sql: string, allowedTables: readonly string[]) {
    // DuckDB identifiers ignore case: "Cars" and cars name the same table.
    this.allowed = new Map(allowedTables.map((name) => [name.toLowerCase(), name]));
    this.sqlBytes = Buffer.from(sql, 'utf8');
  }

  walk(root: unknown): void {
    this.collectCteNames(root);
    this.visit(root);
  }

  private collectCteNames(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.collectCteNames(item);
      return;
    }
    if (!isNode(value)) return;
    const cteMap = value.cte_map;
    if (isNode(cteMap) && Array.isArray(cteMap.map)) {
      for (const entry of cteMap.map) if (isNode(entry) && typeof entry.key === 'string') this.cteNames.add(entry.key.toLowerCase());
    }
    for (const child of Object.values(value)) this.collectCteNames(child);
  }

  private visit(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item);
      return;
    }
    if (!isNode(value)) return;
    if (typeof value.class === 'string') this.checkExpression(value);
    else if (isTableRef(value)) this.checkTableRef(value);
    for (const child of Object.values(value)) this.visit(child);
  }

  private checkExpression(node: Node): void {
    if (node.class === 'PARAMETER') {
      const name = String(node.identifier);
      // `?` and `$1` serialize as numbers; slots are bound by name, so only `$name` is accepted.
      if (/^\d+$/.test(name)) throw refuse('positional_parameter', 'parameters are named slots (`$origin`), not positional (`?`, `$1`)');
      if (!this.parameters.includes(name)) this.parameters.push(name);
      return;
    }
    if ((node.class === 'FUNCTION' || node.class === 'WINDOW') && typeof node.function_name === 'string') {
      checkFunctionName(node.function_name, 'function');
    }
  }

  private checkTableRef(node: Node): void {
    const type = String(node.type);
    if (!allowedTableRefTypes.has(type)) {
      throw refuse('forbidden_table_source', `a query program may read only the project's tables, not ${type === 'SHOW_REF' ? 'DESCRIBE/SHOW/SUMMARIZE' : type}`, { source: type });
    }
    if (type === 'TABLE_FUNCTION') {
      const call = node.function;
      const name = isNode(call) && typeof call.function_name === 'string' ? call.function_name : '';
      if (!allowedTableFunctions.has(name.toLowerCase())) {
        throw refuse('forbidden_function', `the table function ${name || '(unknown)'} is not allowed: a query program reads only the project's tables`, { function: name });
      }
      return;
    }
    if (type !== 'BASE_TABLE') return;
    const name = String(node.table_name);
    if (this.startsWithQuote(node.query_location)) {
      throw refuse('file_reference', `the SQL reads ${JSON.stringify(name)} as a file; a query program reads only the project's tables`, { table: name });
    }
    const catalog = String(node.catalog_name ?? '');
    const schema = String(node.schema_name ?? '');
    if (catalog !== '' || (schema !== '' && schema.toLowerCase() !== 'main')) {
      throw refuse('table_not_allowed', `the table ${[catalog, schema, name].filter(Boolean).join('.')} is not one of the project's tables`, { table: name });
    }
    if (schema === '' && this.cteNames.has(name.toLowerCase())) return;
    const allowedName = this.allowed.get(name.toLowerCase());
    if (allowedName === undefined) {
      // A quoted identifier that names a file ("cars.csv") is still a replacement scan to DuckDB.
      if (/[/\\:]|\.(csv|tsv|parquet|json|ndjson|jsonl|txt|gz|zst|db|duckdb|xlsx)$/i.test(name)) {
        throw refuse('file_reference', `the SQL reads ${JSON.stringify(name)} as a file; a query program reads only the project's tables`, { table: name });
      }
      throw refuse('table_not_allowed', `the table ${JSON.stringify(name)} is not one of the project's tables`, { table: name });
    }
    if (!this.tables.includes(allowedName)) this.tables.push(allowedName);
  }

  /** Whether the source text at a parse location opens a string literal (`FROM 'cars.csv'`). */
  private startsWithQuote(location: unknown): boolean {
    return typeof location === 'number' && location < this.sqlBytes.length && this.sqlBytes[location] === 0x27;
  }
}

/** Table refs carry `alias`, `sample` and `query_location` and no expression `class`. */
function isTableRef(node: Node): boolean {
  return typeof node.type === 'string' && 'alias' in node && 'sample' in node && 'query_location' in node && !('modifiers' in node);
}

function checkFunctionName(functionName: string, kind: string): void {
  const name = functionName.toLowerCase();
  const forbidden =
    forbiddenScalarFunctions.has(name) ||
    forbiddenFunctionPrefixes.some((prefix) => name.startsWith(prefix)) ||
    forbiddenFunctionSuffixes.some((suffix) => name.endsWith(suffix));
  if (forbidden) {
    throw refuse('forbidden_function', `the ${kind} ${functionName} is not allowed in a query program: it reads the system, settings or files`, { function: functionName });
  }
}
