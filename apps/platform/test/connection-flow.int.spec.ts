// The HTTP connection flow end to end (seed endpoints 1 and 4, refresh): a fixture API on loopback
// stands in for the outside world; everything else is the real platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectStoreModule, serviceClientsModule } from '@querylane/runtime';
import { json, startFixtureApi, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';


interface Job {
  id: string;
  status: string;
  statuses: { status: string; previous_status: string | null }[];
  job_events: { seq_id: number; event_type: string }[];
}

describe(`HTTP connection flow [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  // /held answers once `held` resolves: a request kept running while the test acts.
  let held: Promise<void> = Promise.resolve();
  const cars = vegaJson('cars.json') as Record<string, unknown>[];
  const movies = vegaJson('movies.json') as Record<string, unknown>[];

  beforeAll(async () => {
    api = await startFixtureApi({
      '/cars': json({ data: { items: cars }, total: cars.length }),
      '/movies': json(movies),
      '/broken': json({ error: 'boom' }, 500),
      '/held': async (_request, response) => {
        await held;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars.slice(0, 20)));
      },
      '/secured': (request, response) => {
        if (request.headers['x-api-key'] !== 'fixture-secret-key') {
          response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars.slice(0, 50)));
      },
    });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    projectId = (await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken })).projects[0]!.id;
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  const datasource = async (name: string) => (await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name, project_id: projectId, type: 'http-requests' } })).id;
  const settled = (jobId: string) =>
    waitFor(
      async () => {
        const job = await h.ok<Job>('GET', `/jobs/${jobId}`, { token: adminToken });
        return job.status === 'succeeded' || job.status === 'failed' ? job : undefined;
      },
      `job ${jobId} to end`,
      60_000,
      200,
    );

  it('tests a connection: status, timing, size, content type and the extracted data', async () => {
    const answer = await h.ok<{ success: boolean; status: number; response_time: number; content_type: string; size: number; data: unknown[] }>('POST', '/http/test-connection', {
      token: adminToken,
      body: { url: `${api.origin}/cars`, method: 'GET', authType: 'None', responsePathExtractor: 'data.items' },
    });
    expect(answer).toMatchObject({ success: true, status: 200, content_type: expect.stringContaining('application/json') });
    expect(answer.size).toBe(JSON.stringify({ data: { items: cars }, total: cars.length }).length);
    expect(answer.response_time).toBeGreaterThan(0);
    expect(Array.isArray(answer.data)).toBe(true);
    expect((answer.data as Record<string, unknown>[])[0]).toEqual(cars[0]);
  });

  it('reports a failing or unreachable target with success false, and refuses a target the guard does not allow', async () => {
    const failing = await h.ok<{ success: boolean; status: number }>('POST', '/http/test-connection', { token: adminToken, body: { url: `${api.origin}/broken`, method: 'GET', authType: 'None' } });
    expect(failing).toMatchObject({ success: false, status: 500 });
    const blocked = await h.request('POST', '/http/test-connection', { token: adminToken, body: { url: 'http://127.0.0.1:1/anything', method: 'GET', authType: 'None' } });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ error: 'invalid_request' });
    const metadata = await h.request('POST', '/http/test-connection', { token: adminToken, body: { url: 'http://169.254.169.254/latest/meta-data', method: 'GET', authType: 'None' } });
    expect(metadata.status).toBe(400);
  });

  it('executes a request: Parquet response object, lineage, a job that builds the dataline, the datasource transformed', async () => {
    const datasourceId = await datasource('Cars');
    const answer = await h.ok<{ jobs: { id: string; job_type: string; status: string; created_at: string }[]; data_object_id: string }>('POST', '/http/execute-request', {
      token: adminToken,
      body: { url: `${api.origin}/cars`, method: 'GET', authType: 'None', responsePathExtractor: 'data.items', project_id: projectId, datasource_id: datasourceId, connect_spec: { name: 'cars', id: 'http-requests', config: {} } },
    });
    expect(answer.jobs).toEqual([{ id: expect.any(String), job_type: 'build_dataline_from_connected_resource', status: 'queued', created_at: expect.any(String) }]);

    const object = await h.ok<{ file_role: string; file_type: string; mime_type: string; file_size: number; key: string; etag: string; bucket: string }>('GET', `/dataobjects/${answer.data_object_id}`, { token: adminToken });
    expect(object).toMatchObject({ file_role: 'response', file_type: 'parquet', mime_type: 'application/vnd.apache.parquet' });
    expect(object.bucket).toMatch(/^[a-z0-9][a-z0-9.-]{2,62}$/);
    expect(object.etag).toMatch(/^"?[0-9a-f-]{16,}"?$/);
    expect(object.key).toMatch(new RegExp(`^projects/${projectId}/datasources/${datasourceId}/`));
    const content = await fetch(`${h.base}/dataobjects/${answer.data_object_id}/content`, { headers: { authorization: adminToken } });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.length).toBe(object.file_size);
    expect(bytes.subarray(0, 4).toString()).toBe('PAR1');

    const lineage = await h.ok<{ data: { upstream_id: string; downstream_id: string; transformation: string }[] }>('GET', `/dataobjects/${answer.data_object_id}/lineage`, { token: adminToken });
    expect(lineage.data).toEqual([expect.objectContaining({ downstream_id: answer.data_object_id, transformation: 'http_request_execution' })]);
    const request = await fetch(`${h.base}/dataobjects/${lineage.data[0]!.upstream_id}/content`, { headers: { authorization: adminToken } });
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(((await request.json()) as { request: { url: string } }).request.url).toBe(`${api.origin}/cars`);

    const job = await settled(answer.jobs[0]!.id);
    expect(job.status).toBe('succeeded');
    expect(job.statuses.map((s) => s.status)).toEqual(['queued', 'running', 'succeeded']);
    const seqs = job.job_events.map((e) => e.seq_id);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(job.job_events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['started', 'profiled', 'dataline_built']));

    const { data: datalines } = await h.ok<{ data: { id: string; datasource_id: string; data_object_id: string; name: string; schema_code: string; data_model: { row_count: number; columns: { name: string }[] } }[] }>('GET', `/projects/${projectId}/datalines`, { token: adminToken });
    const dataline = datalines.find((d) => d.datasource_id === datasourceId)!;
    expect(dataline).toMatchObject({ name: 'cars', data_object_id: answer.data_object_id });
    expect(dataline.data_model.row_count).toBe(cars.length);
    expect(dataline.data_model.columns.map((c) => c.name).sort()).toEqual(Object.keys(cars[0]!).sort());
    expect(dataline.schema_code).toMatch(/^CREATE TABLE "cars"/);
    expect(await h.ok('GET', `/datalines/${dataline.id}`, { token: adminToken })).toEqual(dataline);
    expect((await h.ok<{ status: string }>('GET', `/datasources/${datasourceId}`, { token: adminToken })).status).toBe('transformed');
    const { data: events } = await h.ok<{ data: { event_type: string; data: Record<string, unknown> | null }[] }>('GET', `/projects/${projectId}/events?limit=500`, { token: adminToken });
    // Each step of the flow as the project's events record it. (Events of one transaction share
    // their time, so only the order of separate steps is certain.)
    const jobId = answer.jobs[0]!.id;
    const ours = (event: { data: Record<string, unknown> | null }) => [datasourceId, jobId, answer.data_object_id, dataline.id].some((id) => Object.values(event.data ?? {}).includes(id)) || event.data?.table === 'cars';
    const steps = events.filter(ours).reverse().map((event) => event.event_type);
    expect([...steps].sort()).toEqual(['datasource.created', 'dataobject.created', 'job.queued', 'job.running', 'dataline.created', 'query_program.generated', 'datasource.status_changed', 'job.succeeded'].sort());
    const at = (type: string) => steps.indexOf(type);
    expect(at('datasource.created')).toBeLessThan(at('dataobject.created'));
    expect(at('dataobject.created')).toBeLessThan(at('job.running'));
    expect(at('job.running')).toBeLessThan(at('job.succeeded'));
    for (const step of ['dataline.created', 'query_program.generated']) expect(at(step)).toBeLessThan(at('job.succeeded'));
  });

  it('answers the first answer again for a repeated Idempotency-Key, and refuses the key for another request', async () => {
    const datasourceId = await datasource('Movies');
    const body = { url: `${api.origin}/movies`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId };
    const headers = { 'idempotency-key': 'movies-1' };
    const calls = () => api.requests.filter((r) => r.path === '/movies').length;
    const first = await h.request('POST', '/http/execute-request', { token: adminToken, body, headers });
    const before = calls();
    const second = await h.request('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(calls()).toBe(before);
    const other = await h.request('POST', '/http/execute-request', { token: adminToken, body: { ...body, url: `${api.origin}/cars` }, headers });
    expect(other.status).toBe(409);
    await settled((first.body as { jobs: { id: string }[] }).jobs[0]!.id);
  });

  it('runs a request again with an Idempotency-Key whose answer is more than 24 hours old', async () => {
    const datasourceId = await datasource('Movies again');
    const body = { url: `${api.origin}/movies`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId };
    const headers = { 'idempotency-key': 'movies-day' };
    const calls = () => api.requests.filter((r) => r.path === '/movies').length;
    const first = await h.request<{ data_object_id: string; jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect(first.status).toBe(200);
    const age = (hours: number) =>
      h
        .schemaDb('connector')
        .updateTable('idempotency_keys')
        .set({ created_at: new Date(Date.now() - hours * 3600_000) })
        .where('key', '=', 'movies-day')
        .executeTakeFirstOrThrow();
    // Within the 24 h the first answer comes back; after them the request runs again.
    await age(23.9);
    const before = calls();
    expect((await h.request('POST', '/http/execute-request', { token: adminToken, body, headers })).body).toEqual(first.body);
    expect(calls()).toBe(before);
    await age(24.1);
    const later = await h.request<{ data_object_id: string; jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect(later.status).toBe(200);
    expect(calls()).toBe(before + 1);
    expect(later.body.data_object_id).not.toBe(first.body.data_object_id);
    // The new answer is the one kept for the next 24 h.
    expect((await h.request('POST', '/http/execute-request', { token: adminToken, body, headers })).body).toEqual(later.body);
    for (const answer of [first, later]) await settled(answer.body.jobs[0]!.id);
  });

  it('runs a request once when two calls with one Idempotency-Key overlap: the second is refused while the first runs, and answered like it afterwards', async () => {
    const datasourceId = await datasource('Held');
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    const body = { url: `${api.origin}/held`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId };
    const headers = { 'idempotency-key': 'held-1' };
    const calls = () => api.requests.filter((r) => r.path === '/held').length;
    const first = h.request<{ jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    await waitFor(async () => calls() === 1 || undefined, 'the first call to reach the target', 10_000, 10);
    const second = await h.request<{ error: string; message: string }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('conflict');
    expect(second.body.message).toContain('still running');
    release();
    const answered = await first;
    expect(answered.status).toBe(200);
    const third = await h.request('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect(third.body).toEqual(answered.body);
    expect(calls()).toBe(1);
    await settled(answered.body.jobs[0]!.id);
  });

  it('releases an Idempotency-Key whose request failed, so the same call runs again', async () => {
    const datasourceId = await datasource('Retried');
    const body = { url: `${api.origin}/cars`, method: 'GET', authType: 'None', responsePathExtractor: 'data.rows', project_id: projectId, datasource_id: datasourceId };
    const headers = { 'idempotency-key': 'failing-1' };
    const calls = () => api.requests.filter((r) => r.path === '/cars').length;
    const before = calls();
    const first = await h.request<{ error: string }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    const again = await h.request<{ error: string }>('POST', '/http/execute-request', { token: adminToken, body, headers });
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.body.error).toBe(first.body.error);
    expect(calls()).toBe(before + 2);
  });

  it('refreshes a datasource with its stored credentials, which never appear in what it stored', async () => {
    const datasourceId = await datasource('Secured');
    const body = { url: `${api.origin}/secured`, method: 'GET', authType: 'API Key', auth: { key: 'X-Api-Key', value: 'fixture-secret-key', in: 'header' }, project_id: projectId, datasource_id: datasourceId };
    const first = await h.ok<{ data_object_id: string; jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body });
    await settled(first.jobs[0]!.id);
    const refreshed = await h.ok<{ data_object_id: string; jobs: { id: string }[] }>('POST', `/datasources/${datasourceId}/refresh`, { token: adminToken });
    expect(refreshed.data_object_id).not.toBe(first.data_object_id);
    expect((await settled(refreshed.jobs[0]!.id)).status).toBe('succeeded');
    const authed = api.requests.filter((r) => r.path === '/secured' && r.headers['x-api-key'] === 'fixture-secret-key');
    expect(authed.length).toBe(2);
    const lineage = await h.ok<{ data: { upstream_id: string }[] }>('GET', `/dataobjects/${refreshed.data_object_id}/lineage`, { token: adminToken });
    const stored = await (await fetch(`${h.base}/dataobjects/${lineage.data[0]!.upstream_id}/content`, { headers: { authorization: adminToken } })).text();
    expect(stored).not.toContain('fixture-secret-key');
    const platform = JSON.stringify(await h.ok('GET', `/platforms/${(await h.ok<{ platform_id: string }>('GET', '/me', { token: adminToken })).platform_id}`, { token: adminToken }));
    expect(platform).not.toContain('fixture-secret-key');
  });

  it('retries a dataline job that cannot be built, then fails it with the reason and marks the datasource transformation_failed', async () => {
    const datasourceId = await datasource('Vanished');
    const catalog = h.platform.value(serviceClientsModule).catalog.call;
    // A job whose response object does not exist (as if it were deleted after the job was queued).
    const { job } = await catalog.createJob({
      projectId,
      datasourceId,
      jobType: 'build_dataline_from_connected_resource',
      sources: [{ sourceType: 'data_object', sourceId: '00000000-0000-4000-8000-000000000000' }],
    });
    const ended = await settled(job!.id);
    expect(ended.status).toBe('failed');
    expect(ended.statuses.map((s) => s.status)).toEqual(['queued', 'running', 'failed']);
    expect(ended.job_events.filter((e) => e.event_type === 'attempt_failed')).toHaveLength(3);
    const read = await h.ok<{ error: string | null; attempts: number }>('GET', `/jobs/${job!.id}`, { token: adminToken });
    expect(read.error).toMatch(/not found/);
    expect((await h.ok<{ status: string }>('GET', `/datasources/${datasourceId}`, { token: adminToken })).status).toBe('transformation_failed');
  });

  it('fails cleanly: a bad response path lists the keys that exist and leaves nothing behind; a failing target is an upstream_error', async () => {
    const datasourceId = await datasource('Broken');
    const before = await h.rowCounts();
    const badPath = await h.request<{ error: string; message: string }>('POST', '/http/execute-request', {
      token: adminToken,
      body: { url: `${api.origin}/cars`, method: 'GET', authType: 'None', responsePathExtractor: 'data.rows', project_id: projectId, datasource_id: datasourceId },
    });
    expect(badPath.status).toBe(400);
    expect(badPath.body.message).toContain('items');
    const upstream = await h.request<{ error: string }>('POST', '/http/execute-request', {
      token: adminToken,
      body: { url: `${api.origin}/broken`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId },
    });
    expect(upstream.status).toBe(502);
    expect(upstream.body.error).toBe('upstream_error');
    const after = await h.rowCounts();
    expect(after.data_objects).toBe(before.data_objects);
    expect(after.jobs).toBe(before.jobs);
    const objects = h.platform.value(objectStoreModule);
    const left: string[] = [];
    for await (const item of objects.list(`projects/${projectId}/datasources/${datasourceId}/`)) left.push(item.key);
    expect(left).toEqual([]);
  });
});
