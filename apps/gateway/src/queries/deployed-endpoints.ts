// The deployed endpoints of each project and environment, held in memory so that resolving a query
// name makes no call after the first one. The deploy service announces every deploy and undeploy on
// querylane.deployments; the gateway's consumer drops the project's entries when one arrives (within
// the bus's delivery time, well under a second), and an entry also expires after `maxAgeMs` so a
// missed event costs at most that much staleness.
import type { deployV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';

type Endpoints = ReadonlyMap<string, deployV1.ApiEndpoint>;

interface Entry {
  endpoints: Promise<Endpoints>;
  loadedAt: number;
  projectId: string;
}

export class DeployedEndpoints {
  private readonly entries = new Map<string, Entry>();
  // Bumped by every invalidation: a load that started before it is not kept.
  private epoch = 0;

  constructor(
    private readonly clients: ServiceClients,
    private readonly maxAgeMs = 5 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Query name → endpoint, for the project and environment. */
  async of(projectId: string, environment: string, requestId?: string): Promise<Endpoints> {
    const key = `${projectId}\u0000${environment}`;
    const entry = this.entries.get(key);
    if (entry !== undefined && Date.now() - entry.loadedAt < this.maxAgeMs) return entry.endpoints;
    const epoch = this.epoch;
    const endpoints = this.clients.deploy.call
      .listDeployedEndpoints({ projectId, environment }, { requestId })
      .then(({ endpoints: list }) => new Map(list.map((endpoint) => [endpoint.endpointName, endpoint])));
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { endpoints, loadedAt: Date.now(), projectId });
    try {
      return await endpoints;
    } catch (error) {
      this.entries.delete(key);
      throw error;
    } finally {
      if (epoch !== this.epoch) this.entries.delete(key);
    }
  }

  /** Forgets the project's endpoints in every environment (a deploy or undeploy happened). */
  forgetProject(projectId: string): void {
    this.epoch += 1;
    for (const [key, entry] of this.entries) if (entry.projectId === projectId) this.entries.delete(key);
  }
}
