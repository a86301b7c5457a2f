// Execute-request and refresh (DESIGN.md §4 step 3): fetch every page of the target, write the
// records as zstd Parquet with DuckDB (streamed, memory bounded), store the request (secrets
// redacted) and the response in object storage, then record both data objects, their lineage and
// the dataline job in one catalog transaction. If anything after the first write fails, the
// objects written are deleted, so no object is left without its DataObject row and none the other
// way round (unless the catalog may have recorded them: see `recordExecution`).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { writeParquet } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import type { CallOptions } from '@querylane/grpc';
import type { ObjectStore } from '@querylane/objects';
import { extractSecrets } from '@querylane/records';
import type { ServiceClients } from '@querylane/runtime';
import type { ConnectorTables } from '../db/schema.js';
import { parseTargetRequest, type TargetClient, type TargetRequest } from '../target/index.js';

/** The size of the reads the response Parquet is stored in. */
const parquetReadBytes = 1024 * 1024;

export const datalineJobType = 'build_dataline_from_connected_resource';
const idempotencyMs = 24 * 3600_000;
// A key is claimed before its request runs (a row without an answer); the run renews the claim
// every `claimRenewMs`, and a claim not renewed for `claimLeaseMs` (its process died) is taken over.
const claimLeaseMs = 2 * 60_000;
const claimRenewMs = 30_000;
// Errors after which a catalog call may still have committed (its answer was lost on the way).
const unknownOutcomeCodes = new Set(['service_unavailable', 'timeout', 'internal_error', 'upstream_error']);

type CatalogCall = ServiceClients['catalog']['call'];

export interface ExecuteInput {
  projectId: string;
  datasourceId: string;
  request: unknown;
  connectSpec?: unknown;
  idempotencyKey?: string | undefined;
  /** Call options naming the user (x-querylane-actor) and the request id. */
  as: CallOptions;
}

export interface ExecuteAnswer {
  jobs: { id: string; job_type: string; status: string; created_at: string }[];
  data_object_id: string;
}

export class ExecuteRequestUseCase {
  constructor(
    private readonly deps: { db: Kysely<ConnectorTables>; objects: ObjectStore; clients: ServiceClients; target: TargetClient; logger: Logger },
  ) {}

  async execute(input: ExecuteInput): Promise<ExecuteAnswer> {
    const request = parseTargetRequest(input.request);
    const catalog = this.deps.clients.catalog.call;
    const { datasource } = await catalog.getDatasource({ datasourceId: input.datasourceId }, input.as);
    if (datasource?.projectId !== input.projectId) {
      throw new AppError('invalid_request', `datasource ${input.datasourceId} is not in project ${input.projectId}`, { field: 'datasource_id' });
    }
    await catalog.authorize({ projectId: input.projectId, action: 'project:write' }, input.as);

    const requestHash = createHash('sha256').update(JSON.stringify([input.projectId, input.datasourceId, input.request, input.connectSpec ?? null])).digest('hex');
    const key = input.idempotencyKey ? { projectId: input.projectId, key: input.idempotencyKey, requestHash } : undefined;
    if (key) {
      const earlier = await this.claim(key);
      if (earlier) return earlier;
    }
    // The claim is renewed while the request runs, and released when it fails so the same call can be made again.
    const renewal = key ? setInterval(() => void this.renewClaim(key), claimRenewMs) : undefined;
    try {
      const answer = await this.runAndKeepCredentials(input, request, datasource.name);
      if (key) {
        await this.deps.db
          .updateTable('idempotency_keys')
          .set({ answer: JSON.stringify(answer), created_at: new Date() })
          .where('project_id', '=', key.projectId)
          .where('key', '=', key.key)
          .execute();
      }
      return answer;
    } catch (error) {
      if (key) await this.releaseClaim(key).catch((released: unknown) => this.deps.logger.error({ err: released, project_id: key.projectId }, 'could not release an Idempotency-Key claim'));
      throw error;
    } finally {
      clearInterval(renewal);
    }
  }

  private async runAndKeepCredentials(input: ExecuteInput, request: TargetRequest, datasourceName: string): Promise<ExecuteAnswer> {
    const catalog = this.deps.clients.catalog.call;
    const answer = await this.run(input.projectId, input.datasourceId, request, input.as);
    if (hasCredentials(request)) {
      const { project } = await catalog.getProject({ projectId: input.projectId }, input.as);
      // The refresh needs the auth values; the catalog seals them (the stored request has none).
      await catalog.createCredential(
        {
          name: `${datasourceName} request credentials`,
          type: 'api',
          description: 'Stored by execute-request for refreshes',
          config: credentialConfig(request) as never,
          datasourceId: input.datasourceId,
          organizationId: project!.organizationId,
        },
        input.as,
      );
    }
    return answer;
  }

  /** Runs the datasource's newest stored request again, with its stored credentials. */
  async refresh(datasourceId: string, as: CallOptions): Promise<ExecuteAnswer> {
    const catalog = this.deps.clients.catalog.call;
    const { datasource } = await catalog.getDatasource({ datasourceId }, as);
    if (!datasource) throw new AppError('not_found', `datasource ${datasourceId} not found`);
    await catalog.authorize({ projectId: datasource.projectId, action: 'project:write' }, as);
    const { dataObjects } = await catalog.listDataObjects({ datasourceId }, as);
    const stored = dataObjects.find((object) => object.fileRole === 'request');
    if (!stored) throw new AppError('conflict', `datasource ${datasourceId} has no stored request to run again; use execute-request first`);
    const saved = JSON.parse(await text(await this.deps.objects.get(stored.key))) as { request: Record<string, unknown> };
    // A service's own call (no actor): the only way secret values ever leave the catalog.
    const { config } = await catalog.revealDatasourceCredential({ datasourceId }, { requestId: as.requestId });
    const request = parseTargetRequest(config ? fillIn(saved.request, config) : saved.request);
    return this.run(datasource.projectId, datasourceId, request, as);
  }

  private async run(projectId: string, datasourceId: string, request: TargetRequest, as: CallOptions): Promise<ExecuteAnswer> {
    const log = this.deps.logger.child({ request_id: as.requestId, project_id: projectId, datasource_id: datasourceId });
    const scratch = await mkdtemp(join(tmpdir(), 'querylane-execute-'));
    const written: string[] = [];
    try {
      const started = performance.now();
      // A response that is the whole data set is written to the scratch directory as it arrives.
      const fetched = await this.deps.target.fetchRecords(request, {
        spoolDir: scratch,
        onProgress: (progress) => log.info({ pages: progress.pages, records: progress.records, bytes: progress.bytes }, 'fetching the target'),
      });
      const parquetPath = join(scratch, 'response.parquet');
      // A response that is one JSON body is written from its bytes; any other is streamed page by page.
      const source = (await fetched.wholeBody()) ?? fetched.records;
      const parquet = await writeParquet(source, parquetPath, { onProgress: (rows) => log.info({ rows }, 'writing parquet'), logger: log });
      log.info({ rows: parquet.rows, pages: fetched.pages, bytes: fetched.bytes, parquet_bytes: parquet.bytes, duration_ms: Math.round(performance.now() - started) }, 'target fetched');

      const base = `projects/${projectId}/datasources/${datasourceId}/${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const requestDocument = JSON.stringify({ request: extractSecrets('config', request as unknown as Record<string, unknown>).redacted, executed_at: new Date().toISOString() }, null, 2);
      written.push(`${base}/request.json`, `${base}/response.parquet`);
      // Both objects are stored at once; a failure is thrown only once both puts ended, so the
      // clean-up never runs while one is still writing. The Parquet is read in 1 MiB pieces: each
      // piece is a write and a hop through libuv's thread pool on the way (64 KiB made ~65 of them).
      const [requestInfo, responseInfo] = await settledAll([
        this.deps.objects.put(`${base}/request.json`, requestDocument, { contentType: 'application/json' }),
        stat(parquetPath).then(({ size }) => this.deps.objects.put(`${base}/response.parquet`, createReadStream(parquetPath, { highWaterMark: parquetReadBytes }), { contentType: 'application/vnd.apache.parquet', size })),
      ]);

      const recorded = await this.recordExecution(
        {
          projectId,
          datasourceId,
          jobType: datalineJobType,
          requestObject: { bucket: this.deps.objects.bucket, key: requestInfo.key, fileType: 'json', fileSize: BigInt(requestInfo.size), etag: requestInfo.etag, mimeType: 'application/json' },
          responseObject: {
            bucket: this.deps.objects.bucket,
            key: responseInfo.key,
            fileType: 'parquet',
            fileSize: BigInt(responseInfo.size),
            etag: responseInfo.etag,
            mimeType: 'application/vnd.apache.parquet',
          },
          details: { records: parquet.rows, pages: fetched.pages, bytes: fetched.bytes, truncated: fetched.truncated, status: fetched.status },
        },
        as,
        written,
        log,
      );
      written.length = 0; // recorded: the objects now belong to their rows
      const job = recorded.job!;
      return {
        jobs: [{ id: job.id, job_type: job.jobType, status: job.status, created_at: new Date(Number(job.createdAt!.seconds) * 1000 + Math.floor(job.createdAt!.nanos / 1e6)).toISOString() }],
        data_object_id: recorded.responseObject!.id,
      };
    } catch (error) {
      await this.cleanUp(written, log);
      throw error instanceof AppError ? error : new AppError('internal_error', `executing the request failed: ${(error as Error).message}`, undefined, { cause: error });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * Records the execution's objects, its lineage and its job in the catalog. An answer lost on the
   * way (the catalog gone or the deadline passed: its transaction may have committed) leaves the
   * objects where the catalog holds their row, or where it cannot be asked: a row without its
   * object would be a job that cannot run, an object without its row only space. They are
   * emptied from `written`, so the clean-up spares them.
   */
  private async recordExecution(request: Parameters<CatalogCall['recordExecution']>[0], as: CallOptions, written: string[], log: Logger): ReturnType<CatalogCall['recordExecution']> {
    const catalog = this.deps.clients.catalog.call;
    try {
      return await catalog.recordExecution(request, as);
    } catch (error) {
      const unknownOutcome = !(error instanceof AppError) || unknownOutcomeCodes.has(error.code);
      if (unknownOutcome) {
        const key = request.responseObject!.key;
        const recorded = await catalog.listDataObjects({ datasourceId: request.datasourceId }, as).then(
          ({ dataObjects }) => dataObjects.some((object) => object.key === key),
          (checkError: unknown) => {
            log.error({ err: checkError, keys: [...written] }, 'kept the objects of an execution the catalog may have recorded: it could not be asked');
            return true;
          },
        );
        if (recorded) written.length = 0;
      }
      throw error;
    }
  }

  private async cleanUp(keys: string[], log: Logger): Promise<void> {
    for (const key of keys) {
      await this.deps.objects.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete an object of a failed execution'));
    }
  }

  /**
   * Claims the key for this request, or answers what an earlier call with it answered. The claim is
   * one statement (insert, or take over an answer older than 24 h or a claim its process stopped
   * renewing), so of two concurrent first calls exactly one runs; the other is refused with 409
   * while the first still runs, and gets its answer afterwards.
   */
  private async claim({ projectId, key, requestHash }: IdempotencyClaim): Promise<ExecuteAnswer | undefined> {
    const now = Date.now();
    const claimed = await this.deps.db
      .insertInto('idempotency_keys')
      .values({ project_id: projectId, key, request_hash: requestHash, answer: null, created_at: new Date(now) })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'key'])
          .doUpdateSet({ request_hash: requestHash, answer: null, created_at: new Date(now) })
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<=', new Date(now - idempotencyMs)),
              eb.and([eb('idempotency_keys.answer', 'is', null), eb('idempotency_keys.created_at', '<=', new Date(now - claimLeaseMs))]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) return undefined;
    const row = await this.deps.db.selectFrom('idempotency_keys').selectAll().where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
    // Released (the other call failed) between the two statements: claim it again.
    if (!row) return this.claim({ projectId, key, requestHash });
    if (row.request_hash !== requestHash) throw new AppError('conflict', 'this Idempotency-Key was used with another request in the last 24 hours', { field: 'Idempotency-Key' });
    if (row.answer === null) {
      throw new AppError('conflict', 'a request with this Idempotency-Key is still running; repeat the call once it has answered to get its answer', { field: 'Idempotency-Key' });
    }
    return row.answer as unknown as ExecuteAnswer;
  }

  private async renewClaim({ projectId, key }: IdempotencyClaim): Promise<void> {
    await this.deps.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date() })
      .where('project_id', '=', projectId)
      .where('key', '=', key)
      .where('answer', 'is', null)
      .execute()
      .catch((error: unknown) => this.deps.logger.warn({ err: error, project_id: projectId }, 'could not renew an Idempotency-Key claim'));
  }

  private async releaseClaim({ projectId, key }: IdempotencyClaim): Promise<void> {
    await this.deps.db.deleteFrom('idempotency_keys').where('project_id', '=', projectId).where('key', '=', key).where('answer', 'is', null).execute();
  }
}

interface IdempotencyClaim {
  projectId: string;
  key: string;
  requestHash: string;
}

function hasCredentials(request: TargetRequest): boolean {
  return extractSecrets('config', credentialConfig(request)).secrets.length > 0;
}

/** What a refresh needs back from the catalog: the parts of the request that can hold secrets. */
function credentialConfig(request: TargetRequest): Record<string, unknown> {
  const { authType, auth, headers, parameters, parameterGroups } = request as unknown as Record<string, unknown>;
  return JSON.parse(JSON.stringify({ authType, auth, headers, parameters, parameterGroups })) as Record<string, unknown>;
}

/** Puts the credential's values where the stored request has null (the redacted secrets). */
export function fillIn(stored: Record<string, unknown>, secrets: Record<string, unknown>): Record<string, unknown> {
  const merge = (target: unknown, source: unknown): unknown => {
    if (source === null || source === undefined) return target;
    if (target === null || target === undefined) return source;
    if (typeof target === 'object' && typeof source === 'object' && !Array.isArray(target) && !Array.isArray(source)) {
      const result: Record<string, unknown> = { ...(target as Record<string, unknown>) };
      for (const [key, value] of Object.entries(source as Record<string, unknown>)) result[key] = merge(result[key], value);
      return result;
    }
    if (Array.isArray(target) && Array.isArray(source)) return target.map((item, index) => merge(item, source[index]));
    return target;
  };
  return merge(stored, secrets) as Record<string, unknown>;
}

/** Every promise's value, once all ended; the first failure, once all ended, if any failed. */
async function settledAll<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const outcomes = await Promise.allSettled(promises);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
