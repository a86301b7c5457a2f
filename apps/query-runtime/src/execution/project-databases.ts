// The per-project DuckDB databases of one query-runtime process: opened on first use, reloaded when
// a dataline gets newer data, and the least recently used closed when they outgrow the budget.
import type { Logger } from 'pino';
import { ProjectDatabase, ProjectDatabaseClosed, type ProjectTable, type QueryResult, type RowsPart, type RunOptions, type ScanProfile, type StreamEnd, type StreamOptions } from './project-database.js';

export interface ProjectDatabasesOptions {
  /** What the open databases may hold together; one database larger than this still opens alone. */
  memoryBudgetBytes: number;
  logger: Logger;
  /** The project's datalines as they are now (catalog): name, Parquet file and version. */
  loadTable(projectId: string): Promise<ProjectTable[]>;
  /** DuckDB's memory_limit for each database (default 1GB). */
  databaseMemoryLimit?: string;
  /** DuckDB's threads for each database (0 or unset: chosen by its data, see OpenOptions). */
  databaseThreads?: number;
}

export class ProjectDatabases {
  // Insertion order is recency: a use moves the project to the end, eviction takes from the front.
  private readonly databases = new Map<string, Promise<ProjectDatabase>>();
  private readonly logger: Logger;

  constructor(private readonly options: ProjectDatabasesOptions) {
    this.logger = options.logger.child({ component: 'project-databases' });
  }

  async run(projectId: string, sql: string, params: Readonly<Record<string, unknown>>, options?: RunOptions): Promise<QueryResult> {
    const database = await this.acquire(projectId);
    try {
      return await database.run(sql, params, options);
    } catch (error) {
      // Evicted or reloaded between acquire and run: the next database has the same data or newer.
      if (!(error instanceof ProjectDatabaseClosed)) throw error;
      return (await this.acquire(projectId)).run(sql, params, options);
    }
  }

  /** The query's rows in parts (ProjectDatabase.stream); the database is opened first if need be. */
  async *stream(projectId: string, sql: string, params: Readonly<Record<string, unknown>>, options?: StreamOptions): AsyncGenerator<RowsPart, StreamEnd> {
    let database = await this.acquire(projectId);
    if (database.isClosed) database = await this.acquire(projectId);
    return yield* database.stream(sql, params, options);
  }

  /** What one run of the query scans (ProjectDatabase.scanned). */
  async scanned(projectId: string, sql: string, params: Readonly<Record<string, unknown>>, options?: RunOptions): Promise<ScanProfile> {
    const database = await this.acquire(projectId);
    try {
      return await database.scanned(sql, params, options);
    } catch (error) {
      if (!(error instanceof ProjectDatabaseClosed)) throw error;
      return (await this.acquire(projectId)).scanned(sql, params, options);
    }
  }

  /**
   * Reloads the project's database when its datalines changed (another version, a table added or
   * removed); call it on a catalog event. Returns whether it reloaded; a closed project stays closed.
   */
  async reloadIfChanged(projectId: string): Promise<boolean> {
    const current = this.databases.get(projectId);
    if (current === undefined) return false;
    const database = await current.catch(() => undefined);
    const tables = await this.options.loadTable(projectId);
    if (database !== undefined && sameTables(database.tables, tables)) return false;
    const next = this.open(projectId, tables);
    // Queries already queued on the old database finish there; new ones wait for the new one.
    if (this.databases.get(projectId) === current) {
      this.databases.delete(projectId);
      this.databases.set(projectId, next);
    }
    next.catch(() => this.databases.get(projectId) === next && this.databases.delete(projectId));
    await database?.close();
    await next;
    this.logger.info({ project_id: projectId }, 'project database reloaded with newer data');
    await this.evictOverBudget(projectId);
    return true;
  }

  /** Whether the project's database is open (for tests and metrics). */
  isOpen(projectId: string): boolean {
    return this.databases.has(projectId);
  }

  async close(projectId?: string): Promise<void> {
    const ids = projectId === undefined ? [...this.databases.keys()] : [projectId];
    await Promise.all(
      ids.map(async (id) => {
        const entry = this.databases.get(id);
        this.databases.delete(id);
        const database = await entry?.catch(() => undefined);
        await database?.close();
      }),
    );
  }

  private async acquire(projectId: string): Promise<ProjectDatabase> {
    let entry = this.databases.get(projectId);
    if (entry !== undefined) {
      this.databases.delete(projectId);
      this.databases.set(projectId, entry);
      const database = await entry;
      if (!database.isClosed) return database;
      if (this.databases.get(projectId) === entry) this.databases.delete(projectId);
    }
    entry = this.databases.get(projectId);
    if (entry === undefined) {
      // Concurrent first uses share one load.
      const opening = this.options.loadTable(projectId).then((tables) => this.open(projectId, tables));
      entry = opening;
      this.databases.set(projectId, opening);
      opening.catch(() => this.databases.get(projectId) === opening && this.databases.delete(projectId));
      await opening;
      await this.evictOverBudget(projectId);
    }
    return entry;
  }

  private open(projectId: string, tables: readonly ProjectTable[]): Promise<ProjectDatabase> {
    return ProjectDatabase.open(projectId, tables, { logger: this.options.logger, memoryLimit: this.options.databaseMemoryLimit, threads: this.options.databaseThreads });
  }

  private async evictOverBudget(keep: string): Promise<void> {
    const sizes = new Map<string, number>();
    for (const [id, entry] of this.databases) {
      const database = await entry.catch(() => undefined);
      if (database !== undefined) sizes.set(id, database.sizeBytes);
    }
    let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const [id, entry] of [...this.databases]) {
      if (total <= this.options.memoryBudgetBytes) break;
      if (id === keep || !sizes.has(id)) continue;
      this.databases.delete(id);
      total -= sizes.get(id) ?? 0;
      this.logger.info({ project_id: id, size_bytes: sizes.get(id), budget_bytes: this.options.memoryBudgetBytes }, 'project database evicted');
      await (await entry).close();
    }
  }
}

function sameTables(loaded: readonly ProjectTable[], now: readonly ProjectTable[]): boolean {
  if (loaded.length !== now.length) return false;
  const versions = new Map(loaded.map((table) => [table.name, `${table.version}\u0000${table.parquetPath}`]));
  return now.every((table) => versions.get(table.name) === `${table.version}\u0000${table.parquetPath}`);
}
