// A span between two times of a row, end to end: rides served by a fixture API with a start and an
// end each are connected, the generated average ride duration is deployed, called by name
// (endpoint 7) and by a question (endpoint 6), and both answer what JavaScript computes from the
// rides served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';

interface Program {
  id: string;
  name: string;
  family: string | null;
}

interface Ride {
  ride_id: string;
  member_casual: 'member' | 'casual';
  started_at: string;
  ended_at: string | null;
  distance_km: number;
}

// Rides of 3–57 minutes; one in twenty not yet ended (no duration), one in thirty ending before it
// started (bad data, left out).
const rides: Ride[] = Array.from({ length: 600 }, (_, i) => {
  const start = Date.UTC(2025, 3, 1, 7) + i * 1_260_000;
  const minutes = i % 30 === 7 ? -4 : 3 + ((i * 37) % 55);
  return {
    ride_id: `R-${10_000 + i}`,
    member_casual: i % 3 === 0 ? 'casual' : 'member',
    started_at: new Date(start).toISOString(),
    ended_at: i % 20 === 11 ? null : new Date(start + minutes * 60_000).toISOString(),
    distance_km: 0.5 + ((i * 7) % 60) / 10,
  };
});

/** The average minutes from start to end of the rides that ended after they started, as JavaScript computes it. */
function averageMinutes(only: (ride: Ride) => boolean): number {
  const spans = rides
    .filter(only)
    .filter((ride) => ride.ended_at !== null)
    .map((ride) => (Date.parse(ride.ended_at!) - Date.parse(ride.started_at)) / 60_000)
    .filter((minutes) => minutes >= 0);
  return spans.reduce((sum, minutes) => sum + minutes, 0) / spans.length;
}

describe(`durations between two times of a row [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let key: string;

  const query = (path: string, body: unknown) => h.request<Record<string, unknown>>('POST', path, { body, headers: { 'x-api-key': key } });

  beforeAll(async () => {
    api = await startFixtureApi({ '/rides': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rides)) });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    const me = await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    await h.connect(projectId, 'Bike rides', `${api.origin}/rides`);
    key = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'rides', project_ids: [projectId], environments: ['production'] } })).key;
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  it('generates the average ride duration, deploys it, and answers it by name and by a question as JavaScript computes it', async () => {
    const programs = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data;
    const duration = programs.find((program) => /^avg_.*duration_minutes$/.test(program.name));
    expect(duration, programs.map((program) => program.name).join(', ')).toBeDefined();
    await h.ok('POST', `/queryprograms/${duration!.id}/deployments`, { token: adminToken, body: {} });

    const byName = await query(`/queries/${duration!.name}`, { member_casual: 'casual' });
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    const row = (byName.body.data as Record<string, number>[])[0]!;
    expect(row[duration!.name]).toBeCloseTo(averageMinutes((ride) => ride.member_casual === 'casual'), 6);

    const asked = await query('/query', { project_id: projectId, query: 'What is the average ride duration?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.query_used).toBe(duration!.name);
    expect((asked.body.data as Record<string, number>[])[0]![duration!.name]).toBeCloseTo(averageMinutes(() => true), 6);
  });
});
