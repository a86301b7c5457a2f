// Alerts end to end: a rule on the error rate of a deployed query fires once when bad calls push
// the rate over its threshold, delivers a signed webhook (retried after the receiver's first
// failure) to a local receiver and an e-mail to a local SMTP server, stays quiet within its
// cooldown when it fires again, and resolves when good calls bring the rate down.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';


interface Hook {
  body: string;
  signature: string | undefined;
  delivery: string | undefined;
}
interface AlertEvent {
  kind: string;
  value: number;
  details: Record<string, unknown>;
}

/** A webhook receiver on loopback; it answers 503 to the first request to prove the retry. */
async function startReceiver(): Promise<{ server: Server; hostPort: string; url: string; hooks: Hook[]; attempts: () => number }> {
  const hooks: Hook[] = [];
  let attempts = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      attempts += 1;
      if (attempts === 1) return void response.writeHead(503).end();
      hooks.push({ body: Buffer.concat(chunks).toString('utf8'), signature: request.headers['x-querylane-signature'] as string | undefined, delivery: request.headers['x-querylane-delivery'] as string | undefined });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, hostPort: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}/hooks/alerts`, hooks, attempts: () => attempts };
}

async function startSmtp(): Promise<{ server: SMTPServer; port: number; mails: { to: string[]; data: string }[] }> {
  const mails: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, mails };
}

describe(`alerts [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let projectId: string;
  let key: string;
  const secret = 'whsec-test-0123456789';

  const call = (body: Record<string, unknown>) => h.request('POST', '/queries/alerted_cars', { body, headers: { 'x-api-key': key } });
  // Paced under the free plan's 10 calls a second, so no call is rate-limited.
  const calls = async (count: number, body: Record<string, unknown>, status: number) => {
    for (let index = 0; index < count; index += 1) {
      expect((await call(body)).status).toBe(status);
      await new Promise((resolve) => setTimeout(resolve, 110));
    }
  };
  const events = async (alertId: string) => (await h.ok<{ data: AlertEvent[] }>('GET', `/alerts/${alertId}/events`, { token: adminToken })).data;
  const count = (list: AlertEvent[], kind: string) => list.filter((event) => event.kind === kind).length;

  beforeAll(async () => {
    const cars = vegaJson('cars.json');
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
    receiver = await startReceiver();
    smtp = await startSmtp();
    h = await Harness.start({
      CONNECTOR_ALLOWED_TARGETS: `${api.hostPort},${receiver.hostPort}`,
      QUERY_RUNTIME_JOB_BACKOFF_MS: '50',
      METERING_ALERT_INTERVAL_MS: '200',
      METERING_ALERT_RETRY_BASE_MS: '100',
      METERING_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      METERING_ALERT_FROM: 'Querylane Alerts <alerts@querylane.test>',
    });
    const me = await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    await h.connect(projectId, 'Cars', `${api.origin}/cars`);
    const program = await h.ok<{ id: string }>('POST', `/projects/${projectId}/queryprograms`, {
      token: adminToken,
      body: {
        name: 'alerted_cars',
        query: 'Which cars come from an origin?',
        query_program: 'SELECT "Name" FROM cars WHERE "Origin" = $origin ORDER BY "Name" LIMIT 3',
        slots: [{ name: 'origin', type: 'enum', required: true, enum_values: ['USA', 'Europe', 'Japan'] }],
      },
    });
    await h.ok('POST', `/queryprograms/${program.id}/deployments`, { token: adminToken, body: {} });
    key = (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name: 'alerts', project_ids: [projectId] } })).key;
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await api?.close();
    await new Promise<void>((resolve) => (receiver ? receiver.server.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  it('refuses a bad rule naming the field, and a webhook to a blocked address', async () => {
    const rule = { name: 'bad', metric: 'error_rate', operator: 'gt', threshold: 0.5, window_minutes: 5, channels: [], cooldown_minutes: 1, enabled: true };
    const wrongMetric = await h.request('POST', `/projects/${projectId}/alerts`, { token: adminToken, body: { ...rule, metric: 'latency' } });
    expect(wrongMetric.status).toBe(400);
    expect(JSON.stringify(wrongMetric.body)).toContain('metric');
    const fraction = await h.request('POST', `/projects/${projectId}/alerts`, { token: adminToken, body: { ...rule, threshold: 50 } });
    expect(fraction.status).toBe(400);
    expect(fraction.body).toMatchObject({ error: 'invalid_request', details: { field: 'threshold' } });
    const blocked = await h.request('POST', `/projects/${projectId}/alerts`, { token: adminToken, body: { ...rule, channels: [{ type: 'webhook', url: 'http://10.1.2.3/hook' }] } });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toMatchObject({ error: 'invalid_request', details: { field: 'channels.0.url', reason: 'blocked_address' } });
    // Credentials in a webhook URL would be shown back on every read: refused, and not echoed.
    const withCredentials = await h.request('POST', `/projects/${projectId}/alerts`, { token: adminToken, body: { ...rule, channels: [{ type: 'webhook', url: 'https://user:s3cr3t@hooks.example.com/x' }] } });
    expect(withCredentials.status).toBe(400);
    expect(withCredentials.body).toMatchObject({ error: 'invalid_request', details: { field: 'channels.0.url' } });
    expect(JSON.stringify(withCredentials.body)).not.toContain('s3cr3t');
    // A query the project has no program for would never be called: a typo, refused with the names it has.
    const before = await h.ok<{ data: unknown[] }>('GET', `/projects/${projectId}/alerts`, { token: adminToken });
    const typo = await h.request('POST', `/projects/${projectId}/alerts`, { token: adminToken, body: { ...rule, query_name: 'alerted_crs' } });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ error: 'invalid_request', details: { field: 'query_name' } });
    expect(JSON.stringify(typo.body)).toContain('alerted_cars');
    expect((await h.ok<{ data: unknown[] }>('GET', `/projects/${projectId}/alerts`, { token: adminToken })).data).toHaveLength(before.data.length);
  });

  it('fires once on errors, delivers a signed webhook and an e-mail, respects its cooldown, and resolves when errors stop', async () => {
    const alert = await h.ok<{ id: string; state: string; channels: Record<string, unknown>[] }>('POST', `/projects/${projectId}/alerts`, {
      token: adminToken,
      body: {
        name: 'alerted_cars failing',
        metric: 'error_rate',
        operator: 'gt',
        threshold: 0.5,
        window_minutes: 5,
        query_name: 'alerted_cars',
        channels: [
          { type: 'webhook', url: receiver.url, secret },
          { type: 'email', to: 'oncall@example.test' },
        ],
        cooldown_minutes: 10,
        enabled: true,
      },
    });
    expect(alert.state).toBe('ok');
    expect(alert.channels).toEqual([
      { type: 'webhook', url: receiver.url, has_secret: true },
      { type: 'email', to: ['oncall@example.test'] },
    ]);
    expect(JSON.stringify(await h.ok('GET', `/alerts/${alert.id}`, { token: adminToken }))).not.toContain(secret);

    // A good call first, then bad slot values: 4 errors in 5 calls.
    await calls(1, { origin: 'USA' }, 200);
    await calls(4, { origin: 'Mars' }, 400);
    await waitFor(async () => count(await events(alert.id), 'delivered') === 2, 'the firing to be delivered on both channels', 30_000, 100);
    expect((await h.ok<{ state: string }>('GET', `/alerts/${alert.id}`, { token: adminToken })).state).toBe('firing');

    // The webhook: refused once (logged, retried with backoff), then delivered and signed.
    expect(receiver.attempts()).toBe(2);
    expect(receiver.hooks).toHaveLength(1);
    const hook = receiver.hooks[0]!;
    expect(hook.signature).toBe(`sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`);
    const firing = JSON.parse(hook.body) as Record<string, unknown>;
    expect(firing).toMatchObject({ alert_id: alert.id, name: 'alerted_cars failing', state: 'firing', metric: 'error_rate', threshold: 0.5, window_minutes: 5, project_id: projectId });
    // Evaluated while the calls come in: over the threshold once 2 of 3 calls failed, at most 4 of 5.
    expect(firing.value).toBeGreaterThan(0.5);
    expect(firing.value).toBeLessThanOrEqual(0.8);
    expect(Object.keys(firing).sort()).toEqual(['alert_id', 'fired_at', 'metric', 'name', 'project_id', 'state', 'threshold', 'value', 'window_minutes']);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['oncall@example.test']);
    expect(smtp.mails[0]!.data).toContain('alerted_cars failing');
    const history = await events(alert.id);
    expect(count(history, 'fired')).toBe(1);
    const failed = history.filter((event) => event.kind === 'delivery_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.details).toMatchObject({ channel: 'webhook', attempt: 1, status: 503 });
    expect(JSON.stringify(history)).not.toContain(secret);

    // Good calls bring the rate down (4 of 15): resolved, and notified on both channels.
    await calls(10, { origin: 'Japan' }, 200);
    await waitFor(async () => count(await events(alert.id), 'resolved') === 1, 'the alert to resolve', 30_000, 100);
    await waitFor(async () => count(await events(alert.id), 'delivered') === 4, 'the resolution to be delivered', 30_000, 100);
    expect(JSON.parse(receiver.hooks[1]!.body)).toMatchObject({ state: 'resolved', alert_id: alert.id });
    expect(smtp.mails).toHaveLength(2);

    // Errors again within the cooldown: it fires (recorded) but notifies nobody, nor when it resolves.
    await calls(12, { origin: 'Mars' }, 400);
    await waitFor(async () => count(await events(alert.id), 'fired') === 2, 'the second firing', 30_000, 100);
    const second = (await events(alert.id)).find((event) => event.kind === 'fired')!;
    expect(second.details).toMatchObject({ notified: false, suppressed_by: 'cooldown' });
    await calls(8, { origin: 'Europe' }, 200);
    await waitFor(async () => count(await events(alert.id), 'resolved') === 2, 'the second resolution', 30_000, 100);
    // A few more rounds: still nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.hooks).toHaveLength(2);
    expect(smtp.mails).toHaveLength(2);
    expect(count(await events(alert.id), 'delivered')).toBe(4);
    expect((await h.ok<{ state: string }>('GET', `/alerts/${alert.id}`, { token: adminToken })).state).toBe('ok');
  }, 120_000);

  it('lists, changes (keeping the secret of the same URL) and deletes alerts', async () => {
    const created = await h.ok<{ id: string }>('POST', `/projects/${projectId}/alerts`, {
      token: adminToken,
      body: { name: 'slow', metric: 'p95_response_time_ms', operator: 'gt', threshold: 2000, window_minutes: 10, channels: [{ type: 'webhook', url: receiver.url, secret }] },
    });
    const listed = await h.ok<{ data: { id: string }[] }>('GET', `/projects/${projectId}/alerts`, { token: adminToken });
    expect(listed.data.map((alert) => alert.id)).toContain(created.id);
    const patched = await h.ok<{ threshold: number; cooldown_minutes: number; channels: unknown[] }>('PATCH', `/alerts/${created.id}`, { token: adminToken, body: { threshold: 3000, channels: [{ type: 'webhook', url: receiver.url }] } });
    expect(patched).toMatchObject({ threshold: 3000, cooldown_minutes: 15, channels: [{ type: 'webhook', url: receiver.url, has_secret: true }] });
    const cleared = await h.ok<{ channels: unknown[] }>('PATCH', `/alerts/${created.id}`, { token: adminToken, body: { channels: [{ type: 'webhook', url: receiver.url, secret: null }] } });
    expect(cleared.channels).toEqual([{ type: 'webhook', url: receiver.url, has_secret: false }]);
    expect((await h.request('PATCH', `/alerts/${created.id}`, { token: adminToken, body: { window_minutes: 0 } })).status).toBe(400);
    expect((await h.request('DELETE', `/alerts/${created.id}`, { token: adminToken })).status).toBe(200);
    expect((await h.request('GET', `/alerts/${created.id}`, { token: adminToken })).body).toMatchObject({ error: 'not_found' });
  });
});
