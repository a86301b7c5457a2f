// Where the rate limiter learns an organization's plan (the catalog's Subscription, asked as a
// service's own call) and its calls this month (organization_usage).
import type { ServiceClients } from '@querylane/runtime';
import { AppError } from '@querylane/errors';
import type { MetricsRepository } from '../metrics/metrics.repository.js';
import type { OrganizationPlan, PlanSource } from './rate-limiter.js';

export class CatalogPlanSource implements PlanSource {
  constructor(
    private readonly clients: ServiceClients,
    private readonly repository: MetricsRepository,
  ) {}

  async plan(organizationId: string): Promise<OrganizationPlan> {
    const { subscription } = await this.clients.catalog.call.getSubscription({ organizationId }, { deadlineMs: 2_000 });
    if (!subscription) throw new AppError('internal_error', 'the catalog answered without the subscription');
    const mode = subscription.overageSettings?.mode;
    return {
      tier: subscription.tier,
      apiCallLimit: subscription.apiCallLimit === undefined ? null : Number(subscription.apiCallLimit),
      overageMode: mode === 'allow' ? 'allow' : 'block',
    };
  }

  usage(organizationId: string, periodStart: Date): Promise<number> {
    return this.repository.usage(organizationId, periodStart);
  }
}
