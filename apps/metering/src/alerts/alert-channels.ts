// Where notifications go. Webhooks: a JSON POST through the SSRF guard (the connection pinned to the
// address it checked, redirects not followed), signed when the channel has a secret. E-mail: SMTP
// through nodemailer to METERING_SMTP_URL.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '@querylane/errors';
import { pinnedLookup, type SsrfGuard } from '@querylane/net';

/** What a notification says (API.md: the webhook body). */
export interface AlertNotification {
  alert_id: string;
  name: string;
  state: 'firing' | 'resolved';
  metric: string;
  value: number | null;
  threshold: number;
  window_minutes: number;
  project_id: string;
  fired_at: string;
  /** Only in a `resolved` notification. */
  resolved_at?: string;
}

export const signatureHeader = 'x-querylane-signature';

/** `sha256=` and the lower-case hex HMAC-SHA256 of the exact body bytes, keyed with the channel's secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** A failed attempt; `detail` is safe to record (no secret, no resolved address). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly detail: { status?: number; reason: string },
  ) {
    super(message);
  }
}

export interface WebhookDelivery {
  url: string;
  notification: AlertNotification;
  secret: string | undefined;
  /** Sent as X-Querylane-Delivery, the same for every retry, so a receiver can drop duplicates. */
  deliveryId: string;
}

export class WebhookSender {
  constructor(
    private readonly guard: SsrfGuard,
    private readonly timeoutMs: number,
  ) {}

  /** Checks a URL at the time it is saved, so a blocked one is refused at once. */
  async vet(url: string): Promise<void> {
    await this.guard.vet(url);
  }

  async send(delivery: WebhookDelivery): Promise<{ status: number }> {
    let target;
    try {
      target = await this.guard.vet(delivery.url);
    } catch (error) {
      throw new DeliveryError(error instanceof AppError ? error.message : 'the webhook URL was refused', { reason: 'blocked_or_unresolvable' });
    }
    const body = JSON.stringify(delivery.notification);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'Querylane-Alerts/1',
      'x-querylane-event': delivery.notification.state,
      'x-querylane-delivery': delivery.deliveryId,
    };
    if (delivery.secret) headers[signatureHeader] = signBody(body, delivery.secret);
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = send(target.url, { method: 'POST', headers, lookup: pinnedLookup(target), timeout: this.timeoutMs }, (response) => {
        // The answer's body is not needed; read (and drop) it so the socket is released.
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new DeliveryError(`the webhook answered ${status}`, { status, reason: status >= 300 && status < 400 ? 'redirect_not_followed' : 'http_status' }));
        });
        response.on('error', (error) => reject(new DeliveryError(`the webhook answer broke off: ${error.message}`, { reason: 'network' })));
      });
      outgoing.on('timeout', () => outgoing.destroy(new DeliveryError(`the webhook did not answer within ${this.timeoutMs} ms`, { reason: 'timeout' })));
      outgoing.on('error', (error) => reject(error instanceof DeliveryError ? error : new DeliveryError(`the webhook could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`, { reason: 'network' })));
      outgoing.end(body);
    });
  }
}

export class EmailSender {
  private readonly transport: Transporter | undefined;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
    timeoutMs: number,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }) : undefined;
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  async send(to: string[], notification: AlertNotification): Promise<void> {
    if (!this.transport) throw new DeliveryError('e-mail is not configured (METERING_SMTP_URL is not set)', { reason: 'not_configured' });
    const verb = notification.state === 'firing' ? 'FIRING' : 'resolved';
    try {
      await this.transport.sendMail({
        from: this.from,
        to,
        subject: `[Querylane] ${verb}: ${notification.name}`,
        text: [
          `Alert "${notification.name}" is ${notification.state}.`,
          '',
          `${notification.metric} = ${notification.value ?? 'no data'} (threshold ${notification.threshold}, over ${notification.window_minutes} min)`,
          `Project: ${notification.project_id}`,
          `Fired at: ${notification.fired_at}`,
          ...(notification.resolved_at ? [`Resolved at: ${notification.resolved_at}`] : []),
          `Alert id: ${notification.alert_id}`,
        ].join('\n'),
        headers: { 'X-Querylane-Alert': notification.alert_id },
      });
    } catch (error) {
      const smtp = error as { responseCode?: number; code?: string; message?: string };
      throw new DeliveryError(`the SMTP server refused the message (${smtp.responseCode ?? smtp.code ?? 'error'})`, { ...(smtp.responseCode ? { status: smtp.responseCode } : {}), reason: 'smtp' });
    }
  }

  close(): void {
    this.transport?.close();
  }
}
