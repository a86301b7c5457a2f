// Asks every service, over gRPC, whether it serves (grpc.health.v1) and what it runs on (GetServiceInfo).
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { ServingStatus } from '@querylane/grpc';
import { serviceDescriptors, serviceNames, type ServiceClients, type ServiceName } from '@querylane/runtime';

export interface ServiceHealth {
  name: ServiceName | 'gateway';
  status: 'serving' | 'not_serving' | 'unreachable';
  address: string;
  latency_ms: number;
  version?: string;
  instance_id?: string;
  started_at?: string;
  components?: { name: string; status: string; detail: string; latency_ms: number }[];
  error?: string;
}

export interface PlatformHealth {
  status: 'ok' | 'degraded';
  services: ServiceHealth[];
}

export class CheckServicesUseCase {
  constructor(
    private readonly clients: ServiceClients,
    private readonly deadlineMs = 2_000,
  ) {}

  async execute(requestId: string): Promise<PlatformHealth> {
    const remote = await Promise.all(serviceNames.map((name) => this.check(name, requestId)));
    // The gateway answers this request itself, so it is serving by construction.
    const services: ServiceHealth[] = [{ name: 'gateway', status: 'serving', address: 'http', latency_ms: 0 }, ...remote];
    return { status: services.every((s) => s.status === 'serving') ? 'ok' : 'degraded', services };
  }

  private async check(name: ServiceName, requestId: string): Promise<ServiceHealth> {
    const options = { deadlineMs: this.deadlineMs, requestId };
    const started = performance.now();
    const base = { name, address: this.clients.address[name] };
    try {
      const [health, { info }] = await Promise.all([
        this.clients.health[name].call.check({ service: serviceDescriptors[name].typeName }, options),
        this.clients[name].call.getServiceInfo({}, options),
      ]);
      return {
        ...base,
        status: health.status === ServingStatus.SERVING ? 'serving' : 'not_serving',
        latency_ms: elapsed(started),
        version: info?.version,
        instance_id: info?.instanceId,
        started_at: info?.startedAt ? timestampDate(info.startedAt).toISOString() : undefined,
        components: info?.components.map((c) => ({ name: c.name, status: c.status, detail: c.detail, latency_ms: c.latencyMs })),
      };
    } catch (error) {
      const reason = error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
      return { ...base, status: 'unreachable', latency_ms: elapsed(started), error: reason };
    }
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
