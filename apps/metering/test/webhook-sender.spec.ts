// Alert webhooks go through the connector's SSRF guard at every delivery, not only when the alert
// is saved: a name that resolved to a public address then may resolve to a private one now.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SsrfGuard, type ResolvedAddress } from '@querylane/net';
import { DeliveryError, signatureHeader, signBody, WebhookSender, type WebhookDelivery } from '../src/alerts/alert-channels.js';

const notification = { alert_id: 'a', name: 'errors', state: 'firing', metric: 'error_rate', value: 0.5, threshold: 0.1, window_minutes: 5, project_id: 'p', fired_at: '2026-11-28T00:00:00.000Z' } as const;
const delivery = (url: string): WebhookDelivery => ({ url, notification, secret: 'hook-secret', deliveryId: 'd-1' });

describe('WebhookSender', () => {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers to an allowed target, signed, and refuses the same name once it resolves to a private address', async () => {
    // hooks.example.test answers loopback (let through by the policy, as CONNECTOR_ALLOWED_TARGETS
    // does in development), then an RFC 1918 address.
    let answers: ResolvedAddress[] = [{ address: '127.0.0.1', family: 4 }];
    const guard = new SsrfGuard({ allowedTargets: [`127.0.0.1:${port}`], allowPrivateNetworks: false }, { resolve: async () => answers });
    const sender = new WebhookSender(guard, 2_000);
    const url = `http://hooks.example.test:${port}/alerts`;
    await sender.vet(url);
    expect(await sender.send(delivery(url))).toEqual({ status: 204 });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers[signatureHeader]).toBe(signBody(received[0]!.body, 'hook-secret'));

    answers = [{ address: '10.0.0.5', family: 4 }];
    const refused = await sender.send(delivery(url)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).detail).toEqual({ reason: 'blocked_or_unresolvable' });
    expect(received).toHaveLength(1);
  });

  it('refuses loopback, link-local and private targets the policy does not name, at delivery', async () => {
    const sender = new WebhookSender(new SsrfGuard({ allowedTargets: [], allowPrivateNetworks: false }), 2_000);
    for (const url of [`http://127.0.0.1:${port}/alerts`, 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.10/hook', 'http://[::1]/hook']) {
      const refused = await sender.send(delivery(url)).catch((error: unknown) => error);
      expect((refused as DeliveryError).detail, url).toEqual({ reason: 'blocked_or_unresolvable' });
    }
    expect(received).toHaveLength(1);
  });
});
