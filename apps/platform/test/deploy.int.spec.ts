// Deploy end to end over HTTP: a program's summary moves not_deployed → deployed → outdated →
// deployed again on redeploy (the replaced deployment kept), environments stay apart, undeploy,
// refusals (invalid program, unknown environment, viewer, another organization), the OpenAPI 3.1
// document of the deployed queries and its reference page, and the querylane.deployments events.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayload, topics, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import { databaseModule, eventBusModule } from '@querylane/runtime';
import { startFixtureApi, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness, twoTenants } from './harness.js';


interface Program {
  id: string;
  name: string;
  version: number;
}

interface Summary {
  query_program_id: string;
  name: string;
  slots: { name: string }[];
  estimated: { p50_ms: number; p95_ms: number; rows: number; bytes_scanned: number } | null;
  endpoint: { method: string; path: string };
  status: string;
  deployed_version: number | null;
  environment: string;
}

interface Deployment {
  id: string;
  query_program_id: string;
  program_name: string;
  version: number;
  environment: string;
  endpoint_path: string;
  status: string;
  ended_at: string | null;
}

interface Endpoint {
  path: string;
  endpoint_name: string;
  operation_id: string;
  program_version: number;
  http_method: string;
  query_program_id: string;
  component_schemas: Record<string, { properties?: Record<string, { type?: unknown }> }>;
  request_body: Record<string, unknown>;
  responses: Record<string, unknown>;
  security: Record<string, unknown>[];
}

interface OpenApi {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; requestBody: unknown; responses: Record<string, unknown>; tags: string[] }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

interface Announced {
  type: string;
  key: string;
  id: string;
  change: string;
  record: Record<string, unknown>;
}

describe(`deploy [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let datasourceId: string;
  let listener: Subscription;
  const announced: Announced[] = [];
  const cars = vegaJson('cars.json') as Record<string, unknown>[];
  let dropMpg = false;
  const programs: Record<string, Program> = {};
  // (Made once: a harness holds one pair.)
  let tenants: Awaited<ReturnType<typeof twoTenants>> | undefined;

  const heaviest = {
    name: 'heaviest_cars',
    query: 'Which cars are the heaviest from an origin?',
    description: 'The heaviest cars of an origin',
    query_program: 'SELECT "Name", "Weight_in_lbs", "Year" FROM cars WHERE "Origin" = $origin ORDER BY "Weight_in_lbs" DESC, "Name" LIMIT $n',
    slots: [
      { name: 'origin', type: 'enum', required: true, enum_values: ['USA', 'Europe', 'Japan'], description: 'Where the car was made' },
      { name: 'n', type: 'integer', required: false, default: 3, minimum: 1, maximum: 50 },
    ],
  };
  const acceleration = {
    name: 'acceleration_by_origin',
    query: 'What is the average acceleration by origin?',
    query_program: 'SELECT "Origin", avg("Acceleration") AS avg_acceleration, count(*) AS cars FROM cars GROUP BY "Origin" ORDER BY "Origin"',
    slots: [],
  };
  const thirsty = {
    name: 'thirsty_cars',
    query: 'Which cars use the most fuel?',
    query_program: 'SELECT "Name", "Miles_per_Gallon" FROM cars WHERE "Miles_per_Gallon" IS NOT NULL ORDER BY "Miles_per_Gallon", "Name" LIMIT 5',
    slots: [],
  };

  const settled = (jobId: string) => h.succeeded(jobId, 'the dataline job');

  beforeAll(async () => {
    api = await startFixtureApi({
      '/cars': (_request, response) => {
        const body = dropMpg ? cars.map(({ Miles_per_Gallon: _mpg, ...rest }) => rest) : cars;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    projectId = (await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken })).projects[0]!.id;
    datasourceId = (await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name: 'Cars', project_id: projectId, type: 'http-requests' } })).id;
    const answer = await h.ok<{ jobs: { id: string }[] }>('POST', '/http/execute-request', {
      token: adminToken,
      body: { url: `${api.origin}/cars`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId },
    });
    await settled(answer.jobs[0]!.id);
    for (const program of [heaviest, acceleration, thirsty]) {
      programs[program.name] = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: program });
    }
    listener = await h.platform.value(eventBusModule).subscribe({
      group: `test.deployments.${Date.now()}`,
      topics: [topics.deployments],
      startAt: 'latest',
      handler: async ({ envelope }) => {
        const payload = openPayload(envelope, eventsV1.RecordChangedSchema);
        announced.push({ type: envelope.type, key: envelope.projectId, id: payload.id, change: payload.change, record: (payload.record ?? {}) as Record<string, unknown> });
      },
    });
  }, 120_000);

  afterAll(async () => {
    await listener?.close();
    await h?.stop();
    await api?.close();
  });

  const summary = (id: string, environment?: string) => h.ok<Summary>('GET', `/queryprograms/${id}/deployment-summary${environment ? `?environment=${environment}` : ''}`, { token: adminToken });
  const deploy = (id: string, environment?: string) => h.ok<Deployment & { endpoint: Endpoint }>('POST', `/queryprograms/${id}/deployments`, { token: adminToken, body: environment ? { environment } : {} });
  const projectApi = (environment: string) => h.ok<{ id: string; name: string; base_path: string; environment: string; endpoints: Endpoint[] }>('GET', `/projects/${projectId}/api?environment=${environment}`, { token: adminToken });
  const deployDb = () => h.platform.value(databaseModule).forSchema<{ deployments: Deployment & { deployed_at: Date } }>('deploy');

  it('moves a program from not_deployed to deployed, outdated after a change, and deployed again on redeploy, keeping the replaced deployment', async () => {
    const first = programs.heaviest_cars!;
    const before = await summary(first.id);
    expect(before).toMatchObject({ name: 'heaviest_cars', status: 'not_deployed', deployed_version: null, environment: 'production', endpoint: { method: 'POST', path: '/v1/queries/heaviest_cars' } });
    expect(before.slots.map((slot) => slot.name)).toEqual(['origin', 'n']);

    const deployed = await deploy(first.id);
    expect(deployed).toMatchObject({ status: 'active', version: 1, environment: 'production', program_name: 'heaviest_cars', endpoint_path: '/v1/queries/heaviest_cars', ended_at: null });
    expect(deployed.endpoint).toMatchObject({ path: '/v1/queries/heaviest_cars', endpoint_name: 'heaviest_cars', operation_id: 'heaviestCars', http_method: 'POST', program_version: 1 });
    // The row's columns come from running the program once: DuckDB types as JSON Schema.
    const row = deployed.endpoint.component_schemas.HeaviestCarsRow!.properties!;
    expect(Object.keys(row)).toEqual(['Name', 'Weight_in_lbs', 'Year']);
    expect(row.Name!.type).toEqual(['string', 'null']);
    const request = deployed.endpoint.component_schemas.HeaviestCarsRequest as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(request.required).toEqual(['origin']);
    expect(request.properties.origin).toMatchObject({ type: 'string', enum: ['USA', 'Europe', 'Japan'] });
    expect(request.properties.n).toMatchObject({ type: 'integer', default: 3, minimum: 1, maximum: 50 });
    expect(Object.keys(deployed.endpoint.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect((await summary(first.id))).toMatchObject({ status: 'deployed', deployed_version: 1 });
    // Deploying the live version again changes nothing.
    expect((await deploy(first.id)).id).toBe(deployed.id);

    const modified = await h.ok<Program>('PUT', `/queryprograms/${first.id}`, { token: adminToken, body: { ...heaviest, query_program: heaviest.query_program.replace('"Weight_in_lbs" DESC', '"Weight_in_lbs" ASC') } });
    expect(modified.version).toBe(2);
    // Asked through either version, the summary is about the name's current version.
    expect(await summary(first.id)).toMatchObject({ status: 'outdated', deployed_version: 1, query_program_id: modified.id });

    const redeployed = await deploy(first.id);
    expect(redeployed).toMatchObject({ status: 'active', version: 2, query_program_id: modified.id });
    expect(redeployed.endpoint.program_version).toBe(2);
    expect(await summary(modified.id)).toMatchObject({ status: 'deployed', deployed_version: 2 });

    const history = await deployDb().selectFrom('deployments').selectAll().where('program_name', '=', 'heaviest_cars').orderBy('deployed_at').execute();
    expect(history.map((d) => [d.version, d.status, d.ended_at === null])).toEqual([
      [1, 'replaced', false],
      [2, 'active', true],
    ]);
    const production = await projectApi('production');
    expect(production).toMatchObject({ environment: 'production', base_path: '/v1/queries' });
    expect(production.endpoints.map((e) => [e.endpoint_name, e.program_version])).toEqual([['heaviest_cars', 2]]);
    programs.heaviest_cars = modified;
  });

  it('keeps environments apart, and measures a program with its defaults', async () => {
    const id = programs.acceleration_by_origin!.id;
    const staged = await deploy(id, 'staging');
    expect(staged).toMatchObject({ environment: 'staging', status: 'active' });
    expect((await summary(id, 'staging')).status).toBe('deployed');
    const inProduction = await summary(id);
    expect(inProduction.status).toBe('not_deployed');
    expect(inProduction.estimated).not.toBeNull();
    expect(inProduction.estimated).toMatchObject({ rows: 3 });
    expect(inProduction.estimated!.p95_ms).toBeGreaterThanOrEqual(inProduction.estimated!.p50_ms);
    expect((await projectApi('staging')).endpoints.map((e) => e.endpoint_name)).toEqual(['acceleration_by_origin']);
    expect((await projectApi('production')).endpoints.map((e) => e.endpoint_name)).toEqual(['heaviest_cars']);
    expect((await h.request('GET', `/projects/${projectId}/api?environment=development`, { token: adminToken })).status).toBe(404);
  });

  it("publishes the environment's deployed queries as a valid OpenAPI 3.1 document with API-key security", async () => {
    const answer = await h.request<OpenApi>('GET', `/projects/${projectId}/openapi.json?environment=production`, { token: adminToken });
    expect(answer.status).toBe(200);
    const document = answer.body;
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(['/v1/queries/heaviest_cars']);
    const operation = document.paths['/v1/queries/heaviest_cars']!.post!;
    expect(operation).toMatchObject({ operationId: 'heaviestCars', tags: ['queries'] });
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect(document.components.securitySchemes).toMatchObject({ apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, bearerApiKey: { type: 'http', scheme: 'bearer' } });
    expect(document.servers.length).toBeGreaterThan(0);

    const staging = (await h.request<OpenApi>('GET', `/projects/${projectId}/openapi.json?environment=staging`, { token: adminToken })).body;
    expect(Object.keys(staging.paths)).toEqual(['/v1/queries/acceleration_by_origin']);
    expect((await new Validator().validate(staging as unknown as Parameters<Validator['validate']>[0])).valid).toBe(true);
    // Nothing deployed there yet: still a valid document, with no paths.
    const development = (await h.request<OpenApi>('GET', `/projects/${projectId}/openapi.json?environment=development`, { token: adminToken })).body;
    expect(development.paths).toEqual({});
    expect((await new Validator().validate(development as unknown as Parameters<Validator['validate']>[0])).valid).toBe(true);
  });

  it('serves the reference page, which loads the openapi.json of the same project and environment', async () => {
    const page = await fetch(`${h.base}/projects/${projectId}/reference?environment=staging`, { headers: { authorization: adminToken } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('openapi.json?environment=staging');
    expect(html).toMatch(/<script/);
    expect((await fetch(`${h.base}/projects/${projectId}/reference`)).status).toBe(401);
  });

  it('gives a browser without a session a sign-in page whose session opens the reference', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const signIn = await fetch(`${h.base}/projects/${projectId}/reference`, { headers: browser });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.get('content-type')).toContain('text/html');
    const form = await signIn.text();
    expect(form).toContain('"/v1/auth/sessions"');
    expect(form).toMatch(/type="password"/);
    // An API client still gets the JSON error; a stale session gets the page again.
    expect((await fetch(`${h.base}/projects/${projectId}/reference`, { headers: { accept: 'application/json' } })).headers.get('content-type')).toContain('application/json');
    const stale = await fetch(`${h.base}/projects/${projectId}/reference`, { headers: { ...browser, cookie: 'ql_session=not-a-session' } });
    expect([stale.status, stale.headers.get('content-type')?.includes('text/html')]).toEqual([401, true]);
    // What the page's form does: open a session with the token, then load the page with its cookie.
    const opened = await fetch(`${h.base}/auth/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: adminToken }) });
    expect(opened.status).toBe(200);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^ql_session=/);
    const page = await fetch(`${h.base}/projects/${projectId}/reference`, { headers: { ...browser, cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('openapi.json?environment=production');
  });

  it('undeploys: the endpoint leaves the environment, and undeploying again is not found', async () => {
    const id = programs.heaviest_cars!.id;
    const undeployed = await h.ok<Deployment>('DELETE', `/queryprograms/${id}/deployments/production`, { token: adminToken });
    expect(undeployed).toMatchObject({ status: 'undeployed', version: 2 });
    expect(undeployed.ended_at).not.toBeNull();
    expect((await summary(id)).status).toBe('not_deployed');
    expect((await projectApi('production')).endpoints).toEqual([]);
    const again = await h.request<{ error: string }>('DELETE', `/queryprograms/${id}/deployments/production`, { token: adminToken });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('not_found');
    // The staging deployment of another program was not touched.
    expect((await projectApi('staging')).endpoints.map((e) => e.endpoint_name)).toEqual(['acceleration_by_origin']);
  });

  it('refuses an unknown environment with invalid_request naming the allowed ones', async () => {
    const id = programs.heaviest_cars!.id;
    for (const [method, path, body] of [
      ['POST', `/queryprograms/${id}/deployments`, { environment: 'qa' }],
      ['GET', `/queryprograms/${id}/deployment-summary?environment=qa`, undefined],
      ['DELETE', `/queryprograms/${id}/deployments/qa`, undefined],
      ['GET', `/projects/${projectId}/api?environment=qa`, undefined],
      ['GET', `/projects/${projectId}/openapi.json?environment=qa`, undefined],
    ] as const) {
      const answer = await h.request<{ error: string; message: string }>(method, path, { token: adminToken, body });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body.error).toBe('invalid_request');
      expect(answer.body.message).toContain('production, staging, development');
    }
  });

  it('lets a viewer read but not deploy (403), and answers 404 to another organization', async () => {
    const { a, b } = (tenants ??= await twoTenants(h));
    expect(a.projectId).toBe(projectId);
    const id = programs.heaviest_cars!.id;
    expect((await h.request('GET', `/queryprograms/${id}/deployment-summary`, { token: a.users.viewer.token })).status).toBe(200);
    expect((await h.request('POST', `/queryprograms/${id}/deployments`, { token: a.users.viewer.token, body: {} })).status).toBe(403);
    expect((await h.request('POST', `/queryprograms/${id}/deployments`, { token: a.users.member.token, body: { environment: 'development' } })).status).toBe(200);
    expect((await h.request('DELETE', `/queryprograms/${id}/deployments/development`, { token: a.users.viewer.token })).status).toBe(403);
    for (const [method, path] of [
      ['GET', `/queryprograms/${id}/deployment-summary`],
      ['POST', `/queryprograms/${id}/deployments`],
      ['DELETE', `/queryprograms/${id}/deployments/development`],
      ['GET', `/projects/${projectId}/api?environment=staging`],
      ['GET', `/projects/${projectId}/openapi.json`],
    ] as const) {
      const answer = await h.request(method, path, { token: b.users.owner.token, body: method === 'POST' ? {} : undefined });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await fetch(`${h.base}/projects/${projectId}/reference`, { headers: { authorization: b.users.owner.token } })).status).toBe(404);
    await h.ok('DELETE', `/queryprograms/${id}/deployments/development`, { token: a.users.member.token });
  });

  it('announces each deploy and undeploy on querylane.deployments with the published program versions', async () => {
    const v2 = programs.heaviest_cars!.id;
    const v1 = (await deployDb().selectFrom('deployments').select('query_program_id').where('version', '=', 1).where('program_name', '=', 'heaviest_cars').executeTakeFirstOrThrow()).query_program_id;
    const heaviestEvents = () => announced.filter((event) => event.record.program_name === 'heaviest_cars');
    // deploy v1, redeploy v2, undeploy production, deploy development, undeploy development
    await waitFor(() => heaviestEvents().length >= 5, 'five deployment events of heaviest_cars');
    expect(heaviestEvents().map((event) => [event.type, event.record.environment, event.record.version, event.record.published_program_ids])).toEqual([
      ['deployments.deployed', 'production', 1, [v1]],
      ['deployments.deployed', 'production', 2, [v2]],
      ['deployments.undeployed', 'production', 2, []],
      ['deployments.deployed', 'development', 2, [v2]],
      ['deployments.undeployed', 'development', 2, []],
    ]);
    for (const event of heaviestEvents()) {
      expect(event).toMatchObject({ key: projectId, change: event.type.split('.')[1] });
      expect(event.record).toMatchObject({ project_id: projectId, endpoint_name: 'heaviest_cars' });
    }
  });

  it("undeploys a deleted program's deployments, with their events", async () => {
    const id = programs.acceleration_by_origin!.id;
    await deploy(id, 'production');
    expect(await h.ok('DELETE', `/queryprograms/${id}`, { token: adminToken })).toBeTruthy();
    await waitFor(async () => (await projectApi('staging')).endpoints.length === 0 && (await projectApi('production')).endpoints.length === 0, "the deleted program's endpoints to go");
    const ended = await deployDb().selectFrom('deployments').selectAll().where('program_name', '=', 'acceleration_by_origin').orderBy('environment').execute();
    expect(ended.map((d) => [d.environment, d.status])).toEqual([
      ['production', 'undeployed'],
      ['staging', 'undeployed'],
    ]);
    await waitFor(() => announced.filter((event) => event.record.program_name === 'acceleration_by_origin' && event.change === 'undeployed').length === 2, 'two undeployed events');
  });

  it('makes no new version of a generated program when a refresh brings the same data', async () => {
    const versions = async () => {
      const list = await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken });
      return Object.fromEntries(list.data.map((p) => [p.name, p.version]));
    };
    const before = await versions();
    expect(Object.keys(before).length).toBeGreaterThan(5);
    const refreshed = await h.ok<{ jobs: { id: string }[] }>('POST', `/datasources/${datasourceId}/refresh`, { token: adminToken });
    await settled(refreshed.jobs[0]!.id);
    expect(await versions()).toEqual(before);
  }, 90_000);

  it('refuses to deploy an invalid program with 409 and its reason', async () => {
    dropMpg = true;
    const refreshed = await h.ok<{ jobs: { id: string }[] }>('POST', `/datasources/${datasourceId}/refresh`, { token: adminToken });
    await settled(refreshed.jobs[0]!.id);
    const id = programs.thirsty_cars!.id;
    expect((await h.ok<{ status: string }>('GET', `/queryprograms/${id}`, { token: adminToken })).status).toBe('invalid');
    const answer = await h.request<{ error: string; message: string }>('POST', `/queryprograms/${id}/deployments`, { token: adminToken, body: {} });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('conflict');
    expect(answer.body.message).toContain('Miles_per_Gallon');
    expect((await summary(id)).status).toBe('not_deployed');
  }, 90_000);

  it('deploys every valid program of the project in one call, reports each listed one, and refuses what a single deploy refuses', async () => {
    type Outcome = { query_program_id: string; name: string | null; outcome: string; deployment?: Deployment; error?: { error: string } };
    const list = await h.ok<{ data: (Program & { is_current: boolean; status: string; deleted_at: string | null })[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken });
    const valid = list.data.filter((p) => p.is_current && p.status === 'valid' && !p.deleted_at);
    // (The test before left thirsty_cars invalid: it is not among them.)
    expect(valid.map((p) => p.name)).not.toContain('thirsty_cars');
    const all = await h.ok<{ data: Outcome[]; deployed: number; failed: number }>('POST', `/projects/${projectId}/deployments`, { token: adminToken, body: { environment: 'development' } });
    expect([all.deployed, all.failed]).toEqual([valid.length, 0]);
    expect(all.data.map((o) => [o.query_program_id, o.outcome, o.deployment?.environment])).toEqual(valid.map((p) => [p.id, 'deployed', 'development']));
    expect((await projectApi('development')).endpoints.map((e) => e.query_program_id).sort()).toEqual(valid.map((p) => p.id).sort());
    // Listed ones: each its own outcome, in order (an invalid program and an unknown id fail, the rest go on).
    const unknown = '00000000-0000-4000-8000-000000000000';
    const listed = await h.ok<{ data: Outcome[]; deployed: number; failed: number }>('POST', `/projects/${projectId}/deployments`, {
      token: adminToken,
      body: { environment: 'staging', query_program_ids: [programs.thirsty_cars!.id, unknown, programs.heaviest_cars!.id] },
    });
    expect(listed.data.map((o) => [o.outcome, o.error?.error ?? null])).toEqual([['failed', 'conflict'], ['failed', 'not_found'], ['deployed', null]]);
    expect([listed.deployed, listed.failed]).toEqual([1, 2]);
    // Refused as a whole: an unknown environment (nothing deployed), a viewer, another organization.
    const before = (await projectApi('staging')).endpoints.length;
    const bad = await h.request<{ error: string; message: string }>('POST', `/projects/${projectId}/deployments`, { token: adminToken, body: { environment: 'qa' } });
    expect([bad.status, bad.body.error, bad.body.message]).toEqual([400, 'invalid_request', expect.stringContaining('production, staging, development')]);
    const { a, b } = (tenants ??= await twoTenants(h));
    expect((await h.request('POST', `/projects/${projectId}/deployments`, { token: a.users.viewer.token, body: { environment: 'staging' } })).status).toBe(403);
    expect((await h.request('POST', `/projects/${projectId}/deployments`, { token: b.users.owner.token, body: { environment: 'staging' } })).status).toBe(404);
    expect((await projectApi('staging')).endpoints.length).toBe(before);
  }, 120_000);
});
