// A list of labels per row, end to end: issues served by a fixture API, each with a `labels` list,
// are connected; the generated count per label and the count filtered by a label are deployed,
// called by name (endpoint 7) and by a question (endpoint 6), and answer what JavaScript counts in
// the issues served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';

interface Program {
  id: string;
  name: string;
}

const labelSets = [['bug'], ['bug', 'ui'], ['enhancement'], [], ['documentation', 'ui'], ['bug', 'bug']];
const issues = Array.from({ length: 300 }, (_, i) => ({
  number: 500 + i,
  title: `Issue ${i} about ${['login', 'export', 'search'][i % 3]}`,
  state: i % 4 === 0 || i % 6 === 0 ? 'open' : 'closed',
  labels: labelSets[(i * 5) % labelSets.length] ?? [],
  comments: (i * 7) % 20,
  created_at: new Date(Date.UTC(2025, 0, 1) + i * 7_200_000).toISOString(),
}));

/** The issues whose labels hold `label` (and of `state`), as JavaScript counts them. */
function holding(label: string, state?: string): number {
  return issues.filter((issue) => issue.labels.includes(label) && (state === undefined || issue.state === state)).length;
}

describe(`a list of labels per row [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let key: string;
  let programs: Program[];

  const query = (path: string, body: unknown) => h.request<Record<string, unknown>>('POST', path, { body, headers: { 'x-api-key': key } });
  const deployed = async (name: string): Promise<Program> => {
    const program = programs.find((candidate) => candidate.name === name);
    expect(program, programs.map((candidate) => candidate.name).join(', ')).toBeDefined();
    await h.ok('POST', `/queryprograms/${program!.id}/deployments`, { token: adminToken, body: {} });
    return program!;
  };

  beforeAll(async () => {
    api = await startFixtureApi({ '/issues': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(issues)) });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    const me = await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    await h.connect(projectId, 'Issues', `${api.origin}/issues`);
    key = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'issues', project_ids: [projectId], environments: ['production'] } })).key;
    programs = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data;
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  it('counts the issues per label, each once under each label it holds', async () => {
    const perLabel = await deployed('count_issues_by_labels');
    const all = await query(`/queries/${perLabel.name}`, {});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(Object.fromEntries((all.body.data as { labels: string; count: number }[]).map((row) => [row.labels, Number(row.count)]))).toEqual({
      bug: holding('bug'),
      ui: holding('ui'),
      enhancement: holding('enhancement'),
      documentation: holding('documentation'),
    });
    const asked = await query('/query', { project_id: projectId, query: 'which label is most common on open issues?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ query_used: perLabel.name, parameters: { state: 'open', n: 1, order: 'desc' } });
    expect(asked.body.data).toEqual([{ labels: 'bug', count: holding('bug', 'open') }]);
  });

  it('counts the issues holding a label, and refuses a label the lists never hold', async () => {
    const count = await deployed('count_issues');
    const bugs = await query(`/queries/${count.name}`, { labels: 'bug', state: 'open' });
    expect(bugs.status, JSON.stringify(bugs.body)).toBe(200);
    expect(Number((bugs.body.data as { count: number }[])[0]!.count)).toBe(holding('bug', 'open'));
    const asked = await query('/query', { project_id: projectId, query: 'how many bugs are open?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ query_used: count.name, parameters: { labels: 'bug', state: 'open' } });
    // A label no list holds is no value of the slot: a clear error, no count of every issue.
    const unknown = await query(`/queries/${count.name}`, { labels: 'wontfix' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_query' });
  });
});
