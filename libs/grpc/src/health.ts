// grpc.health.v1 for every hosted service, served through the same adapter as our own services.
import { EventEmitter, on } from 'node:events';
import { healthV1 } from '@querylane/proto';
import { AppError } from '@querylane/errors';
import type { ServiceImplementation } from './types.js';

const { HealthCheckResponse_ServingStatus: ServingStatus } = healthV1;
export type ServingStatus = healthV1.HealthCheckResponse_ServingStatus;
export { ServingStatus };

/** Serving status per fully qualified service name; "" is the whole server. */
export class HealthRegistry {
  private readonly statuses = new Map<string, ServingStatus>([['', ServingStatus.SERVING]]);
  private readonly changes = new EventEmitter();

  set(service: string, status: ServingStatus): void {
    this.statuses.set(service, status);
    this.changes.emit('change', service, status);
  }

  get(service: string): ServingStatus | undefined {
    return this.statuses.get(service);
  }

  /** Used at shutdown: every service, and the server, stops serving. */
  setAll(status: ServingStatus): void {
    for (const service of this.statuses.keys()) this.set(service, status);
  }

  implementation(): ServiceImplementation<typeof healthV1.Health> {
    return {
      check: async (request) => {
        const status = this.statuses.get(request.service);
        if (status === undefined) throw new AppError('not_found', `unknown service ${request.service}`);
        return { status };
      },
      watch: (request, context) => this.watch(request.service, context.signal),
    };
  }

  private async *watch(service: string, signal: AbortSignal): AsyncIterable<{ status: ServingStatus }> {
    yield { status: this.statuses.get(service) ?? ServingStatus.SERVICE_UNKNOWN };
    try {
      for await (const [changed, status] of on(this.changes, 'change', { signal })) {
        if (changed === service) yield { status: status as ServingStatus };
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }
}
