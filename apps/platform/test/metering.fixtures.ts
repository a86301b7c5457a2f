// What the metering suites share: a deployed query with an API key, plans that do not limit, and
// one-shot query calls for callers that keep calling while parts of the platform restart.
import { request as httpRequest } from 'node:http';
import { waitFor } from '@querylane/testing';
import { adminToken, type Answer, heaviestCars } from './harness.js';

// Rates high enough that the calls below are not limited, unless a test means them to be.
export const generousPlans = JSON.stringify({ free: { perSecond: 10_000, burst: 20_000 } });

export type Request = <T = Record<string, unknown>>(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Answer<T>>;

/**
 * Connects the cars data set, deploys heaviest_cars and returns a new API key for the project; when
 * the project has heaviest_cars already (an earlier test of the file), deploys that one.
 */
export async function deployedProgram(request: Request, carsUrl: string): Promise<{ projectId: string; organizationId: string; key: string }> {
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await request<T>(method, path, { token: adminToken, body });
    if (answer.status !== 200) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const me = await ok<{ projects: { id: string }[]; organization: { id: string } }>('GET', '/me');
  const projectId = me.projects[0]!.id;
  const programs = await ok<{ data: { id: string; name: string }[] }>('GET', `/projects/${projectId}/queryprograms?limit=200`);
  let programId = programs.data.find((program) => program.name === heaviestCars.name)?.id;
  if (!programId) {
    const datasourceId = (await ok<{ id: string }>('POST', '/datasources', { name: 'Cars', project_id: projectId, type: 'http-requests' })).id;
    const answer = await ok<{ jobs: { id: string }[] }>('POST', '/http/execute-request', { url: carsUrl, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId });
    await waitFor(async () => (await ok<{ status: string }>('GET', `/jobs/${answer.jobs[0]!.id}`)).status === 'succeeded', 'the job', 60_000, 200);
    programId = (await ok<{ id: string }>('POST', `/projects/${projectId}/queryprograms`, heaviestCars)).id;
  }
  await ok('POST', `/queryprograms/${programId}/deployments`, {});
  const key = (await ok<{ key: string }>('POST', '/api-keys', { name: 'metering', project_ids: [projectId], environments: ['production'] })).key;
  return { projectId, organizationId: me.organization.id, key };
}

/**
 * One query call on a connection of its own (`Connection: close`): the platform's HTTP server waits
 * for open keep-alive connections when it stops, and callers that never pause would keep it open.
 * Resolves with the status once the whole answer was read.
 */
export function oneShotCall(port: number, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ origin: 'USA', n: 1 });
    const call = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/queries/heaviest_cars', agent: false, headers: { 'content-type': 'application/json', 'x-api-key': key, connection: 'close' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}
