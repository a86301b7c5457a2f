// The query programs the run path needs, held in memory so that running a program makes no database
// round trip after its first call. Entries are dropped when the program changes: at once on the
// replica that changed it, and on the others when its `querylane.queryprograms` event arrives (each
// replica reads the topic in a group of its own). An entry also expires after `maxAgeMs`, so a
// missed event costs at most that much staleness.
import type { Selectable } from 'kysely';
import type { QueryProgramsTable } from '../db/schema.js';

type Row = Selectable<QueryProgramsTable>;

interface Entry {
  row: Row;
  loadedAt: number;
}

export interface ProgramCacheOptions {
  /** Programs kept at most; the least recently used go first (default 10,000). */
  maxEntries?: number;
  /** Default 5 minutes. */
  maxAgeMs?: number;
}

export class ProgramCache {
  // Insertion order is recency: a hit moves the entry to the end, eviction takes from the front.
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  // Bumped by every forget: a load that started before it must not store what it read.
  private epoch = 0;
  private readonly forgetListeners: ((projectId: string) => void)[] = [];

  constructor(options: ProgramCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  }

  /** The program with this id, from memory or from `load` (undefined: no such program). */
  async get(id: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const entry = this.entries.get(id);
    if (entry !== undefined && Date.now() - entry.loadedAt < this.maxAgeMs) {
      this.entries.delete(id);
      this.entries.set(id, entry);
      return entry.row;
    }
    const epoch = this.epoch;
    const row = await load();
    if (row !== undefined && epoch === this.epoch) {
      this.entries.delete(id);
      this.entries.set(id, { row, loadedAt: Date.now() });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return row;
  }

  /**
   * Drops every program of the project (a regeneration changes many at once, a refreshed dataline
   * the values the run path reads with them), and tells the listeners (the question routers built
   * over them).
   */
  forgetProject(projectId: string): void {
    this.epoch += 1;
    for (const [id, entry] of this.entries) if (entry.row.project_id === projectId) this.entries.delete(id);
    for (const listener of this.forgetListeners) listener(projectId);
  }

  /** Calls `listener` with the project of every forgetProject. */
  onForget(listener: (projectId: string) => void): void {
    this.forgetListeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}
