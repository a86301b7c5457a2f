// What every organization starts with: a `free` Subscription for the current billing month and an
// Infrastructure row describing where its data lives.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CatalogTables, OrganizationsTable } from '../db/schema.js';

export interface Plan {
  tier: 'free' | 'pro' | 'enterprise';
  apiCallLimit: number | null;
}

export const freePlan: Plan = { tier: 'free', apiCallLimit: 10_000 };

export interface InfrastructureFacts {
  provider: string;
  config: Record<string, string>;
}

/** The calendar month (UTC) that contains `now`. */
export function billingPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export async function insertOrganization(
  trx: Kysely<CatalogTables>,
  input: { platformId: string; name: string; description?: string | null | undefined },
  infrastructure: InfrastructureFacts,
): Promise<Selectable<OrganizationsTable>> {
  const organization = await trx
    .insertInto('organizations')
    .values({ id: randomUUID(), platform_id: input.platformId, name: input.name, description: input.description ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  const period = billingPeriod();
  await trx
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      organization_id: organization.id,
      tier: freePlan.tier,
      status: 'active',
      api_call_limit: freePlan.apiCallLimit,
      billing_period_start: period.start,
      billing_period_end: period.end,
      overage_settings: JSON.stringify({ mode: 'block' }),
    })
    .execute();
  await trx
    .insertInto('infrastructure')
    .values({
      id: randomUUID(),
      organization_id: organization.id,
      name: 'default',
      provider: infrastructure.provider,
      region: null,
      config: JSON.stringify(infrastructure.config),
    })
    .execute();
  return organization;
}
