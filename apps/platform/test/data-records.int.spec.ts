// The catalog's data-record RPCs as the connector and query-runtime will call them (service to
// service over gRPC, or on behalf of a user), and what the public API shows of the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayload, topics, type ReceivedEvent } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import { eventBusModule, serviceClientsModule, type ServiceClients } from '@querylane/runtime';
import { realParts, uniqueName, waitFor } from '@querylane/testing';
import { adminToken, Harness, twoTenants, type Tenant } from './harness.js';

const backend = `${realParts.databaseUrl ? 'postgres' : 'pglite'} + ${realParts.kafkaBrokers ? 'kafka' : 'in-process'}`;

describe(`catalog data records [${backend}]`, () => {
  let h: Harness;
  let a: Tenant;
  let b: Tenant;
  let catalog: ServiceClients['catalog']['call'];
  const queued: ReceivedEvent[] = [];

  beforeAll(async () => {
    h = await Harness.start();
    ({ a, b } = await twoTenants(h));
    catalog = h.platform.value(serviceClientsModule).catalog.call;
    await h.platform.value(eventBusModule).subscribe({ group: uniqueName('jobs-watcher'), topics: [topics.jobs], handler: async (event) => void queued.push(event) });
  });
  afterAll(async () => h?.stop());

  const asUser = (userId: string) => ({ metadata: { 'x-querylane-actor': userId } });

  it('queues a job with its first status and sources, and announces it on querylane.jobs', async () => {
    const { job } = await catalog.createJob({ projectId: a.projectId, datasourceId: a.datasourceId, jobType: 'test_job_nobody_runs', sources: [{ sourceType: 'datasource', sourceId: a.datasourceId }] });
    expect(job).toMatchObject({ status: 'queued', attempts: 0, projectId: a.projectId });
    const event = await waitFor(() => queued.find((e) => openPayload(e.envelope, eventsV1.JobQueuedSchema).jobId === job!.id), 'the JobQueued event', 30_000);
    expect(event.envelope).toMatchObject({ type: 'jobs.job.queued', projectId: a.projectId, source: 'catalog' });
    expect(openPayload(event.envelope, eventsV1.JobQueuedSchema)).toMatchObject({ jobType: 'test_job_nobody_runs', attempt: 1, datasourceId: a.datasourceId });

    await catalog.transitionJob({ jobId: job!.id, status: 'running' });
    await catalog.transitionJob({ jobId: job!.id, status: 'failed', reason: 'target answered 503' });
    await catalog.transitionJob({ jobId: job!.id, status: 'queued', reason: 'retry' });
    await waitFor(() => queued.some((e) => { const p = openPayload(e.envelope, eventsV1.JobQueuedSchema); return p.jobId === job!.id && p.attempt === 2; }), 'the retry event', 30_000);
    await catalog.transitionJob({ jobId: job!.id, status: 'running' });
    const { job: done } = await catalog.transitionJob({ jobId: job!.id, status: 'succeeded' });
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(done!.error).toBeUndefined();
    await expect(catalog.transitionJob({ jobId: job!.id, status: 'running' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(catalog.transitionJob({ jobId: job!.id, status: 'done' })).rejects.toMatchObject({ code: 'invalid_request' });

    const read = await h.ok<{ status: string; statuses: { status: string; previous_status: string | null; reason: string | null }[]; sources: { source_type: string }[] }>('GET', `/jobs/${job!.id}`, { token: a.users.viewer.token });
    expect(read.status).toBe('succeeded');
    expect(read.statuses.map((s) => [s.previous_status, s.status])).toEqual([
      [null, 'queued'],
      ['queued', 'running'],
      ['running', 'failed'],
      ['failed', 'queued'],
      ['queued', 'running'],
      ['running', 'succeeded'],
    ]);
    expect(read.statuses[2]!.reason).toBe('target answered 503');
    expect(read.sources.map((s) => s.source_type)).toEqual(['datasource']);
    const events = await h.ok<{ data: { event_type: string }[] }>('GET', `/projects/${a.projectId}/events?limit=500`, { token: a.users.viewer.token });
    expect(events.data.map((e) => e.event_type)).toEqual(expect.arrayContaining(['job.queued', 'job.running', 'job.failed', 'job.succeeded']));
  });

  it('names the data object a job reads by its key in the JobQueued event, first and again on a retry', async () => {
    // (Tenant b's datasource: a's data objects are counted below.)
    const key = `projects/${b.projectId}/datasources/${b.datasourceId}/queued-response.parquet`;
    const { dataObject } = await catalog.createDataObject({ projectId: b.projectId, datasourceId: b.datasourceId, bucket: 'querylane', key, fileType: 'parquet', fileRole: 'response', fileSize: 10n, etag: 'e', mimeType: 'application/vnd.apache.parquet' });
    const { job } = await catalog.createJob({ projectId: b.projectId, datasourceId: b.datasourceId, jobType: 'test_job_nobody_runs', sources: [{ sourceType: 'data_object', sourceId: dataObject!.id }] });
    const payloads = () => queued.map((e) => openPayload(e.envelope, eventsV1.JobQueuedSchema)).filter((p) => p.jobId === job!.id);
    await waitFor(() => payloads()[0], 'the JobQueued event', 30_000);
    expect(payloads()[0]).toMatchObject({ attempt: 1, dataObjectKey: key });
    await catalog.transitionJob({ jobId: job!.id, status: 'running' });
    await catalog.transitionJob({ jobId: job!.id, status: 'failed', reason: 'target answered 503' });
    await catalog.transitionJob({ jobId: job!.id, status: 'queued', reason: 'retry' });
    await waitFor(() => payloads().find((p) => p.attempt === 2), 'the retry event', 30_000);
    expect(payloads().find((p) => p.attempt === 2)).toMatchObject({ dataObjectKey: key });
    // A job that reads no data object names none.
    const { job: other } = await catalog.createJob({ projectId: b.projectId, datasourceId: b.datasourceId, jobType: 'test_job_nobody_runs', sources: [{ sourceType: 'datasource', sourceId: b.datasourceId }] });
    const event = await waitFor(() => queued.find((e) => openPayload(e.envelope, eventsV1.JobQueuedSchema).jobId === other!.id), 'the JobQueued event', 30_000);
    expect(openPayload(event.envelope, eventsV1.JobQueuedSchema).dataObjectKey).toBe('');
  });

  it('numbers job events 1, 2, 3, … even when they are written at once', async () => {
    const { job } = await catalog.createJob({ projectId: a.projectId, jobType: 'profile', sources: [] });
    await Promise.all(Array.from({ length: 12 }, (_, i) => catalog.addJobEvent({ jobId: job!.id, eventType: 'progress', message: `step ${i}`, data: { step: i } })));
    const read = await h.ok<{ job_events: { seq_id: number; data: { step: number } }[] }>('GET', `/jobs/${job!.id}`, { token: adminToken });
    expect(read.job_events.map((e) => e.seq_id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('ends a job with its last events and its datasource status in one transition, or changes none of them', async () => {
    const { job } = await catalog.createJob({ projectId: a.projectId, datasourceId: a.datasourceId, jobType: 'test_job_nobody_runs', sources: [] });
    await catalog.transitionJob({ jobId: job!.id, status: 'running' });
    await catalog.addJobEvent({ jobId: job!.id, eventType: 'started', message: 'attempt 1' });
    const read = () =>
      Promise.all([
        h.ok<{ status: string; job_events: { seq_id: number; event_type: string; data: unknown }[] }>('GET', `/jobs/${job!.id}`, { token: adminToken }),
        h.ok<{ status: string }>('GET', `/datasources/${a.datasourceId}`, { token: adminToken }),
      ]);
    const [, datasourceBefore] = await read();
    const ending = (overrides: Record<string, unknown>) => ({
      jobId: job!.id,
      status: 'succeeded',
      events: [{ eventType: 'programs_generated', message: '2 new', data: { created: 2 } }, { eventType: 'dataline_built', message: 'dataline sales' }],
      datasourceStatus: 'transformed',
      ...overrides,
    });

    // Bad input anywhere in the call changes nothing: no event, no status of the job or the datasource.
    await expect(catalog.transitionJob(ending({ datasourceStatus: 'finished' }))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(catalog.transitionJob(ending({ events: [{ eventType: ' ', message: 'blank' }] }))).rejects.toMatchObject({ code: 'invalid_request' });
    // Events may come with any move, a retry too.
    await catalog.transitionJob({ jobId: job!.id, status: 'queued', events: [{ eventType: 'x', message: 'y' }] });
    await catalog.transitionJob({ jobId: job!.id, status: 'running' });
    const [jobBefore] = await read();
    expect(jobBefore.job_events.map((e) => e.event_type)).toEqual(['started', 'x']);

    const { job: done } = await catalog.transitionJob(ending({}));
    expect(done).toMatchObject({ status: 'succeeded' });
    const [jobAfter, datasourceAfter] = await read();
    expect(jobAfter.job_events.map((e) => [e.seq_id, e.event_type])).toEqual([
      [1, 'started'],
      [2, 'x'],
      [3, 'programs_generated'],
      [4, 'dataline_built'],
    ]);
    expect(jobAfter.job_events[2]!.data).toEqual({ created: 2 });
    expect(datasourceAfter.status).toBe('transformed');
    const events = await h.ok<{ data: { event_type: string; data: { datasource_id?: string; from?: string; to?: string } }[] }>('GET', `/projects/${a.projectId}/events?limit=500`, { token: adminToken });
    expect(events.data.find((e) => e.event_type === 'datasource.status_changed' && e.data.datasource_id === a.datasourceId)?.data).toMatchObject({ from: datasourceBefore.status, to: 'transformed' });

    // A move the job cannot make writes none of what came with it either.
    await expect(catalog.transitionJob(ending({ datasourceStatus: 'transformation_failed' }))).rejects.toMatchObject({ code: 'conflict' });
    const [jobLast, datasourceLast] = await read();
    expect(jobLast.job_events).toHaveLength(4);
    expect(datasourceLast.status).toBe('transformed');
  });

  it('records data objects with lineage, and one dataline per datasource', async () => {
    const object = (role: string, size: number) => ({
      projectId: a.projectId,
      datasourceId: a.datasourceId,
      bucket: 'querylane',
      key: `projects/${a.projectId}/datasources/${a.datasourceId}/${role}`,
      fileType: role === 'request' ? 'json' : 'parquet',
      fileRole: role,
      fileSize: BigInt(size),
      etag: 'e',
      mimeType: role === 'request' ? 'application/json' : 'application/vnd.apache.parquet',
    });
    const { dataObject: request } = await catalog.createDataObject(object('request', 120));
    const { dataObject: response } = await catalog.createDataObject(object('response', 5_000_000_000));
    await catalog.createLineage({ projectId: a.projectId, upstreamId: request!.id, downstreamId: response!.id, transformation: 'http_request_execution' });
    const { dataObject } = await catalog.getDataObject({ dataObjectId: response!.id });
    expect(dataObject!.fileSize).toBe(5_000_000_000n);
    expect(dataObject!.lineage.map((l) => [l.upstreamId, l.downstreamId, l.transformation])).toEqual([[request!.id, response!.id, 'http_request_execution']]);
    expect((await catalog.listDataObjects({ datasourceId: a.datasourceId })).dataObjects.map((o) => o.id)).toEqual([response!.id, request!.id]);
    await expect(catalog.createDataObject({ ...object('response', 1), fileRole: 'other' })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(catalog.createDataObject({ ...object('response', 1), datasourceId: b.datasourceId })).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalog.createLineage({ projectId: b.projectId, upstreamId: request!.id, downstreamId: response!.id, transformation: 't' })).rejects.toMatchObject({ code: 'not_found' });

    const first = await catalog.upsertDataline({ projectId: a.projectId, datasourceId: a.datasourceId, dataObjectId: response!.id, name: 'cars', dataModel: { columns: [{ name: 'hp', type: 'INTEGER' }] }, schemaCode: 'CREATE TABLE cars (hp INTEGER)' });
    const second = await catalog.upsertDataline({ projectId: a.projectId, datasourceId: a.datasourceId, dataObjectId: response!.id, name: 'cars', dataModel: { columns: [] }, schemaCode: 'CREATE TABLE cars ()' });
    expect(second.dataline!.id).toBe(first.dataline!.id);
    const { datalines } = await catalog.listProjectDatalines({ projectId: a.projectId });
    expect(datalines.map((d) => [d.id, d.schemaCode])).toEqual([[first.dataline!.id, 'CREATE TABLE cars ()']]);

    const { datasource } = await catalog.setDatasourceStatus({ datasourceId: a.datasourceId, status: 'transformed' });
    expect(datasource!.status).toBe('transformed');
    await expect(catalog.setDatasourceStatus({ datasourceId: a.datasourceId, status: 'finished' })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('authorizes the calls made for a user: writers write, viewers read, other organizations see nothing', async () => {
    await expect(catalog.createJob({ projectId: a.projectId, jobType: 'x', sources: [] }, asUser(a.users.viewer.id))).rejects.toMatchObject({ code: 'permission_denied' });
    expect((await catalog.createJob({ projectId: a.projectId, jobType: 'x', sources: [] }, asUser(a.users.member.id))).job?.status).toBe('queued');
    await expect(catalog.createJob({ projectId: a.projectId, jobType: 'x', sources: [] }, asUser(b.users.owner.id))).rejects.toMatchObject({ code: 'not_found' });
    await expect(catalog.addProjectEvent({ projectId: a.projectId, eventType: 'Not Dotted', message: 'm' })).rejects.toMatchObject({ code: 'invalid_request' });
    const { event } = await catalog.addProjectEvent({ projectId: a.projectId, eventType: 'query_program.generated', message: '12 programs', data: { count: 12 } });
    expect(event).toMatchObject({ eventType: 'query_program.generated', data: { count: 12 } });
    await expect(catalog.listProjectDatalines({ projectId: a.projectId }, asUser(b.users.owner.id))).rejects.toMatchObject({ code: 'not_found' });
  });
});
