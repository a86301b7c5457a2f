// The query endpoints end to end (API.md 6 and 7): a program is deployed, called by name with an API
// key, modified and redeployed (the call shows the new behaviour), undeployed (404 query_not_found);
// keys outside the project or environment are refused; every bad input of endpoint 7 gets its 400;
// questions are routed (or refused when out of scope) and streamed as Server-Sent Events read by a
// real SSE parser; each call leaves one querylane.api-calls event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { openPayload, topics } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import { eventBusModule } from '@querylane/runtime';
import { startFixtureApi, uniqueName, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness, heaviestCars } from './harness.js';


type Car = Record<string, unknown> & { Name: string; Origin: string; Horsepower: number | null; Weight_in_lbs: number; Cylinders: number };

interface Program {
  id: string;
  name: string;
  family: string | null;
  slots: { name: string; type: string; enum_values?: unknown[] }[];
}

describe(`query endpoints [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let otherProjectId: string;
  let key: string;
  const cars = vegaJson('cars.json') as Car[];
  const calls: eventsV1.ApiCall[] = [];
  let listener: { close(): Promise<void> } | undefined;

  const heaviest = heaviestCars;

  /** Calls a query endpoint with an API key. */
  const query = (path: string, body: unknown, headers: Record<string, string> = {}, apiKey = key) =>
    h.request<Record<string, unknown>>('POST', path, { body, headers: { 'x-api-key': apiKey, ...headers } });

  beforeAll(async () => {
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    listener = await h.platform.value(eventBusModule).subscribe({
      group: `test.api-calls.${Date.now()}`,
      topics: [topics.apiCalls],
      startAt: 'latest',
      handler: async ({ envelope }) => void calls.push(openPayload(envelope, eventsV1.ApiCallSchema)),
    });
    const me = await h.ok<{ projects: { id: string }[]; teams: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    otherProjectId = (await h.ok<{ id: string }>('POST', '/projects', { token: adminToken, body: { team_id: me.teams[0]!.id, name: 'Other' } })).id;
    await h.connect(projectId, 'Cars', `${api.origin}/cars`);
    key = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'queries', project_ids: [projectId], environments: ['production', 'staging'] } })).key;
  });
  afterAll(async () => {
    await listener?.close();
    await h?.stop();
    await api?.close();
  });

  const heaviestOf = (origin: string, n: number, order: 1 | -1) =>
    cars
      .filter((car) => car.Origin === origin)
      .sort((x, y) => order * (y.Weight_in_lbs - x.Weight_in_lbs) || x.Name.localeCompare(y.Name))
      .slice(0, n)
      .map((car) => ({ Name: car.Name, Weight_in_lbs: car.Weight_in_lbs }));

  it('deploys, calls, redeploys a modified program (the call changes), and undeploys (404 query_not_found)', async () => {
    const created = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: heaviest });
    const path = '/queries/heaviest_cars';
    expect((await query(path, { origin: 'Japan' })).body).toMatchObject({ error: 'query_not_found' });

    // The gateway that deployed answers with the new endpoint at once (others learn of it from
    // querylane.deployments).
    await h.ok('POST', `/queryprograms/${created.id}/deployments`, { token: adminToken, body: {} });
    const first = await query(path, { origin: 'Japan', n: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual(heaviestOf('Japan', 2, 1));
    expect(typeof first.body.execution_time_ms).toBe('number');
    expect(Object.keys(first.body).sort()).toEqual(['data', 'execution_time_ms']);

    const modified = await h.ok<Program>('PUT', `/queryprograms/${created.id}`, {
      token: adminToken,
      body: { ...heaviest, query: 'Which cars are the lightest from an origin?', query_program: heaviest.query_program.replace('"Weight_in_lbs" DESC', '"Weight_in_lbs" ASC') },
    });
    // Until it is redeployed, the deployed version keeps answering.
    expect((await query(path, { origin: 'Japan', n: 2 })).body.data).toEqual(heaviestOf('Japan', 2, 1));
    await h.ok('POST', `/queryprograms/${modified.id}/deployments`, { token: adminToken, body: { environment: 'production' } });
    expect((await query(path, { origin: 'Japan', n: 2 })).body.data).toEqual(heaviestOf('Japan', 2, -1));
    // `published` follows from querylane.deployments (query-runtime owns the program rows).
    await waitFor(async () => (await h.ok<Program & { published: boolean }>('GET', `/queryprograms/${modified.id}`, { token: adminToken })).published, 'the redeployed version to be published');
    expect((await h.ok<Program & { published: boolean }>('GET', `/queryprograms/${created.id}`, { token: adminToken })).published).toBe(false);

    expect((await h.request('DELETE', `/queryprograms/${modified.id}/deployments/production`, { token: adminToken })).status).toBe(200);
    const gone = await query(path, { origin: 'Japan' });
    expect(gone.body).toMatchObject({ error: 'query_not_found' });
    await waitFor(async () => !(await h.ok<{ published: boolean }>('GET', `/queryprograms/${modified.id}`, { token: adminToken })).published, 'published to be false again');
  });

  it('refuses keys outside the project or environment, and calls without a valid key', async () => {
    const created = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: 'scoped_heaviest' } });
    await h.ok('POST', `/queryprograms/${created.id}/deployments`, { token: adminToken, body: { environment: 'development' } });
    await h.ok('POST', `/queryprograms/${created.id}/deployments`, { token: adminToken, body: { environment: 'production' } });
    const path = '/queries/scoped_heaviest';
    expect((await query(path, { origin: 'USA' })).status).toBe(200);
    // The key covers production and staging, not development.
    expect((await query(path, { origin: 'USA' }, { 'x-environment': 'development' })).body).toMatchObject({ error: 'permission_denied' });
    // Deployed in development, not staging: the key may call staging, but there is nothing there.
    expect((await query(path, { origin: 'USA' }, { 'x-environment': 'staging' })).body).toMatchObject({ error: 'query_not_found' });
    const elsewhere = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'other', project_ids: [otherProjectId] } })).key;
    expect((await query(`${path}?project_id=${projectId}`, { origin: 'USA' }, {}, elsewhere)).body).toMatchObject({ error: 'permission_denied' });
    expect((await query(path, { origin: 'USA' }, {}, elsewhere)).body).toMatchObject({ error: 'query_not_found' });
    const both = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'both', project_ids: [projectId, otherProjectId] } })).key;
    expect((await query(path, { origin: 'USA' }, {}, both)).body).toMatchObject({ error: 'invalid_query' });
    expect((await query(path, { origin: 'USA' }, { 'x-project-id': projectId }, both)).status).toBe(200);
    const unauthenticated = await h.request('POST', path, { body: { origin: 'USA' } });
    expect(unauthenticated.status).toBe(401);
    expect((await query(path, { origin: 'USA' }, {}, 'ql_prod_not-a-key')).status).toBe(401);
    // A management token is not an API key.
    expect((await h.request('POST', path, { body: { origin: 'USA' }, token: adminToken })).status).toBe(401);
  });

  describe('bad input of endpoint 7', () => {
    beforeAll(async () => {
      const created = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: 'checked_heaviest' } });
      await h.ok('POST', `/queryprograms/${created.id}/deployments`, { token: adminToken, body: {} });
    });

    it.each([
      ['an unknown slot', { origin: 'USA', colour: 'red' }, 'colour'],
      ['a missing required slot', { n: 2 }, 'origin'],
      ['a wrong type', { origin: 'USA', n: 'two' }, 'n'],
      ['a value out of range', { origin: 'USA', n: 500 }, 'n'],
      ['a value outside the enum', { origin: 'Mars' }, 'origin'],
    ])('answers 400 invalid_query naming the slot for %s', async (_label, body, slot) => {
      const answer = await query('/queries/checked_heaviest', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_query', details: { slot } });
      expect(String(answer.body.message)).toContain(slot);
    });
  });

  it('answers calls made side by side each with its own rows or its own error, sent to query-runtime on one channel', async () => {
    const created = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: 'together_heaviest' } });
    await h.ok('POST', `/queryprograms/${created.id}/deployments`, { token: adminToken, body: {} });
    const metric = async (sent = 'channel') => {
      const text = await (await fetch(`${h.base.replace(/\/v1$/, '')}/metrics`)).text();
      return Number(new RegExp(`querylane_gateway_query_runs_total\\{sent="${sent}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    };
    // A key of its own: its bucket holds the free plan's burst of 20 calls.
    const ownKey = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'together', project_ids: [projectId] } })).key;
    const [channelBefore, aloneBefore] = [await metric(), await metric('alone')];
    const origins = ['USA', 'Europe', 'Japan'] as const;
    // Every fifth call is refused by query-runtime (n above the slot's maximum): its error must not
    // reach the calls sent with it.
    const asked = Array.from({ length: 18 }, (_, index) => ({ origin: origins[index % 3]!, n: index % 5 === 4 ? 500 : 1 + (index % 7) }));
    const answers = await Promise.all(asked.map((body) => query('/queries/together_heaviest', body, {}, ownKey)));
    for (const [index, answer] of answers.entries()) {
      const body = asked[index]!;
      if (body.n === 500) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body).toMatchObject({ error: 'invalid_query', details: { slot: 'n' } });
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data).toEqual(heaviestOf(body.origin, body.n, 1));
      }
    }
    // The eighteen runs went on the channel, each once, none as a call of its own.
    expect(await metric()).toBe(channelBefore + 18);
    expect(await metric('alone')).toBe(aloneBefore);
  });

  it('answers 400 invalid_query for a body that is not a JSON object', async () => {
    for (const raw of ['[1, 2]', '"USA"', '{"origin": ']) {
      const answer = await h.request<{ error: string }>('POST', '/queries/heaviest_cars', { raw, headers: { 'x-api-key': key, 'content-type': 'application/json' } });
      expect(answer.status, raw).toBe(400);
      expect(answer.body.error).toBe('invalid_query');
    }
  });

  it('tells a caller using another method than POST to POST, whatever the credential, and changes nothing', async () => {
    for (const [method, path] of [['GET', '/queries/heaviest_cars?origin=USA'], ['PUT', '/queries/heaviest_cars'], ['GET', '/query']] as const) {
      for (const headers of [{ 'x-api-key': key }, { authorization: `Bearer ${key}` }, {}] as Record<string, string>[]) {
        const answer = await h.request<{ error: string; message: string; details: unknown }>(method, path, { headers });
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.body).toMatchObject({ error: 'invalid_query', details: { allowed_methods: ['POST'] } });
        expect(answer.body.message).toContain('POST');
        expect(answer.headers.get('allow')).toBe('POST');
      }
    }
  });

  describe('questions (endpoint 6)', () => {
    let generated: Program[];

    beforeAll(async () => {
      generated = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data.filter((program) => program.family !== null);
      for (const program of generated) await h.ok('POST', `/queryprograms/${program.id}/deployments`, { token: adminToken, body: { environment: 'staging' } });
    });

    const ask = (body: Record<string, unknown>, headers: Record<string, string> = {}) => query('/query', { project_id: projectId, environment: 'staging', ...body }, headers);

    it('routes a question to a deployed program, fills its slots, and continues the conversation', async () => {
      const answer = await ask({ query: 'How many cars are there by origin?' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['conversation_id', 'data', 'execution_time_ms', 'parameters', 'query_used']);
      expect(generated.map((program) => program.name)).toContain(answer.body.query_used);
      const again = await ask({ query: 'And the average horsepower of Japanese cars?', conversation_id: answer.body.conversation_id });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.conversation_id).toBe(answer.body.conversation_id);
      // A follow-up runs the conversation's last program with what it states; alone it is refused.
      const usa = await ask({ query: 'How many cars are from USA?', conversation_id: answer.body.conversation_id });
      expect(usa.body).toMatchObject({ query_used: 'count_cars', parameters: { origin: 'USA' } });
      const europe = await ask({ query: 'and for Europe?', conversation_id: answer.body.conversation_id });
      expect(europe.status, JSON.stringify(europe.body)).toBe(200);
      expect(europe.body).toMatchObject({ query_used: 'count_cars', parameters: { origin: 'Europe' } });
      expect((europe.body.data as { count: number }[])[0]?.count).toBeLessThan((usa.body.data as { count: number }[])[0]?.count ?? 0);
      expect((await ask({ query: 'and for Europe?' })).status).toBe(400);
      // A follow-up that refers back to an answer the conversation does not have is refused, not
      // answered over every car.
      const dangling = await ask({ query: 'and what is the average horsepower of those?' });
      expect(dangling.status, JSON.stringify(dangling.body)).toBe(400);
      expect(dangling.body).toMatchObject({ error: 'invalid_query', message: expect.stringContaining('refers back to an earlier answer') });
      // A follow-up another program answers keeps the last answer's filters that program takes.
      const power = await ask({ query: 'and what is the average horsepower of those?', conversation_id: answer.body.conversation_id });
      expect(power.body).toMatchObject({ query_used: 'avg_horsepower', parameters: { origin: 'Europe' } });
      const european = cars.filter((car) => car.Origin === 'Europe' && typeof car.Horsepower === 'number').map((car) => car.Horsepower as number);
      expect((power.body.data as { avg_horsepower: number }[])[0]?.avg_horsepower).toBeCloseTo(european.reduce((sum, value) => sum + value, 0) / european.length, 6);
      // A follow-up asking for the last answer per a column: the same measure grouped by it, the last filter kept.
      const japanese = await ask({ query: 'What is the average horsepower of Japanese cars?', conversation_id: answer.body.conversation_id });
      expect(japanese.body).toMatchObject({ query_used: 'avg_horsepower', parameters: { origin: 'Japan' } });
      const byCylinders = await ask({ query: 'and by cylinders?', conversation_id: answer.body.conversation_id });
      expect(byCylinders.status, JSON.stringify(byCylinders.body)).toBe(200);
      expect(byCylinders.body).toMatchObject({ query_used: 'avg_horsepower_by_cylinders', parameters: { origin: 'Japan' } });
      const japaneseByCylinders = new Set(cars.filter((car) => car.Origin === 'Japan').map((car) => car.Cylinders));
      expect((byCylinders.body.data as { Cylinders: number }[]).map((row) => row.Cylinders).sort()).toEqual([...japaneseByCylinders].sort());
      const foreign = await ask({ query: 'How many cars are there?', conversation_id: '00000000-0000-4000-8000-000000000000' });
      expect(foreign.body).toMatchObject({ error: 'invalid_query' });
    });

    it('leads an aggregate\'s rows with the figure asked of it, its total or its average', async () => {
      // `avg_horsepower` answers the average first and the total beside it: asked for the total,
      // its rows lead with the total (the values unchanged).
      const japanese = cars.filter((car) => car.Origin === 'Japan' && typeof car.Horsepower === 'number').map((car) => car.Horsepower as number);
      const total = await ask({ query: 'What is the total horsepower of Japanese cars?' });
      expect(total.body).toMatchObject({ query_used: 'avg_horsepower', parameters: { origin: 'Japan' } });
      const row = (total.body.data as Record<string, number>[])[0] ?? {};
      expect(Object.keys(row).slice(0, 2)).toEqual(['sum_horsepower', 'avg_horsepower']);
      expect(row.sum_horsepower).toBe(japanese.reduce((sum, value) => sum + value, 0));
      const average = await ask({ query: 'What is the average horsepower of Japanese cars?' });
      expect(Object.keys((average.body.data as Record<string, number>[])[0] ?? {})[0]).toBe('avg_horsepower');
    });

    it('refuses an out-of-scope question with invalid_query and the closest candidates', async () => {
      const answer = await ask({ query: 'Who won the football world cup in 1998?' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ error: 'invalid_query' });
      const details = answer.body.details as { candidates: { query_name: string }[] };
      expect(details.candidates.length).toBeGreaterThan(0);
      expect(details.candidates.length).toBeLessThanOrEqual(3);
    });

    it('streams meta, rows and done as Server-Sent Events, with every row', async () => {
      const list = generated.find((program) => program.family === 'list');
      expect(list, 'a generated list program').toBeDefined();
      const response = await fetch(`${h.base}/query`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: 'List 50 cars', project_id: projectId, environment: 'staging', stream: true }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (event) => void events.push(event) });
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      const names = events.map((event) => event.event);
      expect(names[0]).toBe('meta');
      expect(names.at(-1)).toBe('done');
      expect(names.slice(1, -1).every((name) => name === 'rows')).toBe(true);
      const meta = JSON.parse(events[0]!.data) as { query_used: string; parameters: Record<string, unknown> };
      const rows = events.filter((event) => event.event === 'rows').flatMap((event) => JSON.parse(event.data) as unknown[]);
      const done = JSON.parse(events.at(-1)!.data) as { row_count: number; execution_time_ms: number };
      expect(done.row_count).toBe(rows.length);
      // The same question without streaming gives the same rows.
      const plain = await ask({ query: 'List 50 cars' });
      expect(plain.body.query_used).toBe(meta.query_used);
      expect(plain.body.data).toEqual(rows);
    });
  });

  it('publishes one querylane.api-calls event per call, with its status, key, project and time', async () => {
    const answer = await query('/queries/no_such_query', { a: 1 });
    expect(answer.status).toBe(404);
    await waitFor(() => calls.some((call) => call.queryName === 'no_such_query'), 'the api-calls event');
    const mine = calls.filter((call) => call.queryName === 'no_such_query');
    expect(mine).toHaveLength(1);
    const event = mine[0]!;
    expect(event).toMatchObject({ statusCode: 404, projectId, environment: 'production', queryName: 'no_such_query', endpointPath: '/v1/queries/no_such_query', error: 'query_not_found', version: 'v1' });
    expect(event.apiKeyId).not.toBe('');
    expect(event.userId).not.toBe('');
    expect(event.responseTimeMs).toBeGreaterThan(0);
  });

  it('logs refused calls in their project and answers them with the rate-limit headers: a bad body, no question, an environment the key lacks', async () => {
    const marker = uniqueName('refused');
    const refusedQuestion = (call: (typeof calls)[number]) => call.endpointPath === '/v1/query' && call.statusCode === 400 && call.projectId === projectId && call.error === 'invalid_query';
    const questionsBefore = calls.filter(refusedQuestion).length;
    const refusals = [
      { path: `/queries/${marker}_body`, raw: '{"origin": ', headers: {}, status: 400, error: 'invalid_query' },
      { path: '/query', raw: JSON.stringify({ conversation_id: marker }), headers: {}, status: 400, error: 'invalid_query' },
      { path: `/queries/${marker}_env`, raw: '{}', headers: { 'x-environment': 'development' }, status: 403, error: 'permission_denied' },
    ] as { path: string; raw: string; headers: Record<string, string>; status: number; error: string }[];
    for (const refusal of refusals) {
      const answer = await h.request<{ error: string }>('POST', refusal.path, { raw: refusal.raw, headers: { 'x-api-key': key, 'content-type': 'application/json', ...refusal.headers } });
      expect(answer.status, refusal.path).toBe(refusal.status);
      expect(answer.body.error).toBe(refusal.error);
      expect(answer.headers.get('ratelimit-policy'), refusal.path).toBeTruthy();
      expect(answer.headers.get('ratelimit'), refusal.path).toBeTruthy();
    }
    const event = (suffix: string) => calls.find((call) => call.endpointPath === `/v1/queries/${marker}${suffix}`);
    // Events go out after their answers (batched): wait for each of the three.
    await waitFor(() => event('_body') !== undefined && event('_env') !== undefined && calls.filter(refusedQuestion).length > questionsBefore, 'the refused calls’ events');
    for (const suffix of ['_body', '_env']) expect(event(suffix), suffix).toMatchObject({ projectId, apiKeyId: expect.any(String) });
  });
});
