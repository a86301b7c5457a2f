// A refresh that brings new values of a label: the deployed version of a program keeps running (its
// summary says outdated), and it takes the values the refreshed data holds — by name and through a
// question — as the newest version does; a value no version knows is still refused, naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';

interface Program {
  id: string;
  name: string;
  family: string | null;
  version: number;
  slots: { name: string; type: string; enum_values?: unknown[] }[];
}

const countries = ['Germany', 'France', 'Spain', 'Poland'];
const orders = Array.from({ length: 120 }, (_, index) => ({
  order_id: `ORD-${1000 + index}`,
  country: countries[index % countries.length],
  status: ['shipped', 'pending', 'cancelled'][index % 3],
  amount: 20 + ((index * 37) % 400),
}));
const italian = Array.from({ length: 7 }, (_, index) => ({ order_id: `ORD-${2000 + index}`, country: 'Italy', status: 'shipped', amount: 50 + index }));

describe(`refreshed values [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let datasourceId: string;
  let key: string;
  let withItaly = false;

  const programs = async () => (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data;
  const query = (path: string, body: unknown) => h.request<Record<string, unknown>>('POST', path, { body, headers: { 'x-api-key': key } });

  beforeAll(async () => {
    api = await startFixtureApi({
      '/orders': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(withItaly ? [...orders, ...italian] : orders));
      },
    });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort });
    projectId = (await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken })).projects[0]!.id;
    datasourceId = (await h.connect(projectId, 'Orders', `${api.origin}/orders`)).datasourceId;
    await h.ok('POST', `/projects/${projectId}/deployments`, { token: adminToken, body: {} });
    key = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'refresh', project_ids: [projectId] } })).key;
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  it('takes a value the refreshed data holds on the deployed version, by name and through a question', async () => {
    const count = (await programs()).find((p) => p.name === 'count_orders');
    expect(count?.slots.find((slot) => slot.name === 'country')?.enum_values).toEqual(expect.not.arrayContaining(['Italy']));
    const before = await query('/queries/count_orders', { country: 'Italy' });
    expect([before.status, before.body.error]).toEqual([400, 'invalid_query']);
    // A question before the refresh builds the project's router over the data as it was.
    const germany = await query('/query', { query: 'How many orders from Germany?', project_id: projectId });
    expect(germany.body).toMatchObject({ query_used: 'count_orders', data: [{ count: orders.filter((order) => order.country === 'Germany').length }] });
    expect((await query('/query', { query: 'How many orders from Italy?', project_id: projectId })).status).toBe(400);

    withItaly = true;
    const refreshed = await h.ok<{ jobs: { id: string }[] }>('POST', `/datasources/${datasourceId}/refresh`, { token: adminToken });
    await h.succeeded(refreshed.jobs[0]!.id, 'the refresh');
    const newest = (await programs()).find((p) => p.name === 'count_orders')!;
    expect(newest.version).toBe(2);
    expect((await h.ok<{ status: string }>('GET', `/queryprograms/${newest.id}/deployment-summary`, { token: adminToken })).status).toBe('outdated');

    // The deployed version 1 runs on the refreshed data and takes its new value.
    await waitFor(async () => (await query('/queries/count_orders', { country: 'Italy' })).status === 200, 'the deployed count to take Italy', 10_000, 100);
    const italy = await query('/queries/count_orders', { country: 'Italy' });
    expect(italy.body.data).toEqual([{ count: italian.length }]);
    const asked = await query('/query', { query: 'How many orders from Italy?', project_id: projectId });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ query_used: 'count_orders', parameters: { country: 'Italy' }, data: [{ count: italian.length }] });
    // A value neither version knows is still refused, naming the slot.
    const unknown = await query('/queries/count_orders', { country: 'Atlantis' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'invalid_query']);
    expect(String(unknown.body.message)).toContain('country');
  }, 120_000);
});
