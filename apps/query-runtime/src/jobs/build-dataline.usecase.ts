// The build_dataline_from_connected_resource job (DESIGN.md §4 step 4): profile the response
// Parquet with DuckDB and write the Dataline (data_model + schema_code); the datasource becomes
// `transformed`, or `transformation_failed` once the attempts are spent. Every move of the job is a
// JobStatus row and every step a JobEvent, both written by the catalog.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { profileParquet, renamedProfile, type DataProfile } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import type { ObjectStore } from '@querylane/objects';
import type { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { RegenerateProgramsUseCase } from '../programs/regenerate-programs.usecase.js';

export interface JobRetry {
  attempts: number;
  backoffMs: number;
}

export class BuildDatalineUseCase {
  constructor(
    private readonly deps: { clients: ServiceClients; objects: ObjectStore; logger: Logger; retry: JobRetry; regenerate: RegenerateProgramsUseCase; onDatalineBuilt?: (projectId: string) => Promise<void> },
  ) {}

  /**
   * Runs the job unless it already ended (a redelivered event); resumes one left running by a crash.
   * `hint.dataObjectKey` (the event's) is fetched and profiled while the job's inputs are read: the
   * first attempt uses that profile when the job's own data object has that key. Not before the
   * catalog knows the job: an event of another deployment sharing the broker (or a deleted job)
   * costs one `GetJob`, not a download and a profile.
   */
  async execute(jobId: string, hint: { dataObjectKey?: string | undefined } = {}): Promise<'done' | 'skipped'> {
    const catalog = this.deps.clients.catalog.call;
    const job = await catalog.getJob({ jobId }).then(
      (answer) => answer.job,
      (error: unknown) => {
        // An event about a job this catalog does not know (deleted, or another deployment's) is stale.
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      },
    );
    if (!job) {
      this.deps.logger.warn({ job_id: jobId }, 'job not found; event skipped');
      return 'skipped';
    }
    if (job.status === 'succeeded' || job.status === 'failed') return 'skipped';
    const early = hint.dataObjectKey === undefined ? undefined : { key: hint.dataObjectKey, profile: this.fetchAndProfile(hint.dataObjectKey, this.deps.logger.child({ job_id: jobId })) };
    // (Awaited by the first attempt when it uses it; one that reads another object drops it.)
    early?.profile.catch(() => undefined);
    // The job's reads go out while it is marked running, and the first attempt's download and
    // profile do not wait for the move either: none depends on the other, and the move and the
    // `started` event (which follows it) are two catalog round trips the profile hides. What the
    // catalog records keeps its order: `started` after the move, `profiled` after `started`.
    const reads = this.read(job);
    reads.catch(() => undefined); // awaited by the first attempt
    const move = job.status === 'queued' ? catalog.transitionJob({ jobId, status: 'running', reason: 'picked up by query-runtime' }) : Promise.resolve();
    // A move the catalog refuses (another consumer took the job) ends the run as it did before it
    // overlapped anything: thrown as it is, with no attempt recorded.
    const moveFailure = move.then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    const log = this.deps.logger.child({ job_id: jobId, project_id: job.projectId, datasource_id: job.datasourceId });

    let lastError: unknown;
    for (let attempt = 1; attempt <= this.deps.retry.attempts; attempt += 1) {
      try {
        const inputs = attempt === 1 ? await reads : await this.read(job);
        const prefetched = attempt === 1 && early?.key === inputs.dataObject.key ? early.profile : undefined;
        const built = await this.build(job, attempt, inputs, move, log, prefetched);
        // The job's last events, its datasource's new status and its end are one transaction.
        await catalog.transitionJob({ jobId, status: 'succeeded', events: built.events, datasourceStatus: 'transformed' });
        return 'done';
      } catch (error) {
        const refused = await moveFailure;
        if (refused) throw refused.error;
        lastError = error;
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ err: error, attempt }, 'building the dataline failed');
        await catalog.addJobEvent({ jobId, eventType: 'attempt_failed', message: reason, data: { attempt } }).catch(() => undefined);
        // Bad data will not get better by waiting; anything else gets another go after a pause.
        if (error instanceof AppError && error.code === 'invalid_request') break;
        if (attempt < this.deps.retry.attempts) await new Promise((resolve) => setTimeout(resolve, this.deps.retry.backoffMs * 2 ** (attempt - 1)));
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    await catalog.transitionJob({ jobId, status: 'failed', reason });
    if (job.datasourceId) await catalog.setDatasourceStatus({ datasourceId: job.datasourceId, status: 'transformation_failed' });
    return 'done';
  }

  /** What a job reads before it builds: its response data object, its datasource and the project's datalines, all at once. */
  private async read(job: catalogV1.Job): Promise<JobInputs> {
    const catalog = this.deps.clients.catalog.call;
    const source = job.sources.find((s) => s.sourceType === 'data_object');
    if (!source || !job.datasourceId) throw new AppError('invalid_request', 'the job names no response data object or datasource');
    const [{ dataObject }, { datasource }, { datalines }] = await Promise.all([
      catalog.getDataObject({ dataObjectId: source.sourceId }),
      catalog.getDatasource({ datasourceId: job.datasourceId }),
      catalog.listProjectDatalines({ projectId: job.projectId }),
    ]);
    if (!dataObject || !datasource) throw new AppError('not_found', 'the job’s data object or datasource is gone');
    return { datasourceId: job.datasourceId, dataObject, datasource, datalines };
  }

  /**
   * Builds the dataline and its programs; answers the JobEvents that go with the job's success.
   * `moved` is the job's move to running, which the `started` event waits for and nothing else does.
   */
  private async build(job: catalogV1.Job, attempt: number, inputs: JobInputs, moved: Promise<unknown>, log: Logger, prefetched?: Promise<DataProfile>): Promise<{ events: JobEventInit[] }> {
    const catalog = this.deps.clients.catalog.call;
    const { datasourceId, dataObject, datasource, datalines } = inputs;
    const table = projectTableName(datasource.name, datasourceId, datalines);
    // The download and the profile (or the profile fetched while the job was read) do not wait for
    // the `started` event; a failure of any is thrown once all ended, so `attempt_failed` never
    // overtakes `started` (nor `profiled` it).
    const profiling = prefetched ? prefetched.then((profiled) => renamedProfile(profiled, table)) : this.fetchAndProfile(dataObject.key, log, table);
    const [, profile] = await settled([
      moved.then(() =>
        catalog.addJobEvent({ jobId: job.id, eventType: 'started', message: `attempt ${attempt}: reading ${dataObject.key}`, data: { attempt, bytes: Number(dataObject.fileSize) } }),
      ),
      profiling,
    ]);
    // `profiled` is recorded while the dataline is written and the programs are generated: none
    // needs another (programs are made from the profile alone, and are checked against its DDL),
    // and a failure is thrown once all ended, so `attempt_failed` comes after `profiled`. A run
    // that failed after the programs were written finds them unchanged on its next attempt.
    const [, { dataline }, programs] = await settled([
      catalog.addJobEvent({
        jobId: job.id,
        eventType: 'profiled',
        message: `${profile.row_count} rows, ${profile.columns.length} columns`,
        data: { rows: profile.row_count, columns: profile.columns.length },
      }),
      catalog.upsertDataline({
        projectId: job.projectId,
        datasourceId,
        dataObjectId: dataObject.id,
        name: profile.table,
        dataModel: JSON.parse(JSON.stringify(profile)) as never,
        schemaCode: profile.schema_code,
      }),
      this.deps.regenerate.execute({ projectId: job.projectId, profile }),
    ]);
    await settled([
      catalog.addProjectEvent({
        projectId: job.projectId,
        eventType: 'query_program.generated',
        message: `Query programs for ${profile.table}: ${programs.created} new, ${programs.updated} changed, ${programs.invalidated} now invalid`,
        data: { table: profile.table, ...programs },
      }),
      this.deps.onDatalineBuilt?.(job.projectId) ?? Promise.resolve(),
    ]);
    return {
      events: [
        {
          eventType: 'programs_generated',
          message: `${programs.created} new, ${programs.updated} changed, ${programs.unchanged} unchanged, ${programs.invalidated} invalid`,
          data: { ...programs },
        },
        { eventType: 'dataline_built', message: `dataline ${dataline?.name}`, data: { dataline_id: dataline?.id ?? null } },
      ],
    };
  }

  /** Downloads a response object to a scratch file and profiles it as `table` (a placeholder name when not yet known). */
  private async fetchAndProfile(key: string, log: Logger, table = 'response'): Promise<DataProfile> {
    const scratch = await mkdtemp(join(tmpdir(), 'querylane-dataline-'));
    try {
      const local = join(scratch, 'response.parquet');
      await this.deps.objects.get(key).then((body) => pipeline(body, createWriteStream(local)));
      const started = performance.now();
      const profiled = await profileParquet(local, { tableName: table });
      log.info({ rows: profiled.row_count, columns: profiled.columns.length, duration_ms: Math.round(performance.now() - started) }, 'profiled');
      return profiled;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

type JobEventInit = { eventType: string; message: string; data: Record<string, number | string | null> };

interface JobInputs {
  datasourceId: string;
  dataObject: catalogV1.DataObject;
  datasource: catalogV1.Datasource;
  datalines: catalogV1.Dataline[];
}

/** Waits for every promise; then throws the first failure, if any, or answers their values. */
async function settled<T extends readonly unknown[]>(promises: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const outcomes: PromiseSettledResult<unknown>[] = await Promise.allSettled(promises);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * The table a datasource's data is queried as within its project. A refresh keeps the table its
 * dataline already has (programs name it); a new datasource gets its name as a table name, with
 * `_2`, `_3`, … when another datasource of the project holds that table: two datasources named
 * "Cars" had both become `cars`, and the project's database then failed to load at all.
 */
export function projectTableName(name: string, datasourceId: string, datalines: readonly { datasourceId: string; name: string }[]): string {
  const own = datalines.find((dataline) => dataline.datasourceId === datasourceId);
  if (own?.name) return own.name;
  const taken = new Set(datalines.map((dataline) => dataline.name));
  const base = tableName(name);
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${base.slice(0, 63 - String(suffix).length - 1)}_${suffix}`;
  return candidate;
}

/** A datasource's name as a SQL table name: lower-case words joined by underscores. */
export function tableName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, ' ')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const joined = words.join('_') || 'data';
  return /^[a-z_]/.test(joined) ? joined.slice(0, 63) : `t_${joined}`.slice(0, 63);
}
