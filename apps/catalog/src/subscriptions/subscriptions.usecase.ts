// An organization's Subscription (its tier, monthly cap and overage mode). Members of the
// organization read it, platform admins change it; a service's own call (no actor, e.g. metering
// reading the plan behind a rate limit) is trusted. A change is announced as
// catalog.subscription.updated through the outbox, so every metering replica drops its cached plan.
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '@querylane/errors';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import type { CatalogTables, SubscriptionsTable } from '../db/schema.js';
import type { CatalogEvents } from '../events/catalog-events.js';
import { billingPeriod } from '../organizations/organization-records.js';
import { requirePlatformAdmin } from '../organizations/organizations.usecase.js';
import { isTier, tiers, type Tier } from './subscription-plans.js';

export interface SubscriptionChange {
  organizationId: string;
  tier?: string | undefined;
  /** 0: no monthly cap. */
  apiCallLimit?: bigint | number | undefined;
  overageSettings?: Record<string, unknown> | undefined;
  status?: string | undefined;
}

const statuses = ['active', 'suspended', 'canceled'];
const overageModes = ['block', 'allow'];

export class SubscriptionsUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly events: CatalogEvents,
    private readonly monthlyCaps: Record<Tier, number | null>,
  ) {}

  async get(actor: Actor | undefined, organizationId: string): Promise<Selectable<SubscriptionsTable>> {
    if (actor) await this.authorizer.requireOrganization(actor, organizationId, 'read');
    else assertId('organization', organizationId);
    const subscription = await this.find(this.db, organizationId);
    return this.current(subscription);
  }

  async update(actor: Actor | undefined, change: SubscriptionChange): Promise<Selectable<SubscriptionsTable>> {
    if (actor) requirePlatformAdmin(actor);
    assertId('organization', change.organizationId);
    const values = this.validated(change);
    return this.events.commit(async (trx, emit) => {
      const existing = await this.current(await this.find(trx, change.organizationId, true), trx);
      const updated = await trx
        .updateTable('subscriptions')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      emit.record('', 'subscription', updated.id, 'updated', {
        organization_id: updated.organization_id,
        tier: updated.tier,
        status: updated.status,
        api_call_limit: updated.api_call_limit === null ? null : Number(updated.api_call_limit),
        overage_settings: updated.overage_settings,
      });
      return updated;
    });
  }

  private validated(change: SubscriptionChange) {
    const values: { tier?: string; api_call_limit?: number | null; overage_settings?: string; status?: string } = {};
    if (change.tier !== undefined) {
      if (!isTier(change.tier)) throw new AppError('invalid_request', `tier must be one of ${tiers.join(', ')}`, { field: 'tier' });
      values.tier = change.tier;
      values.api_call_limit = this.monthlyCaps[change.tier];
    }
    if (change.apiCallLimit !== undefined) {
      const limit = Number(change.apiCallLimit);
      if (!Number.isSafeInteger(limit) || limit < 0) throw new AppError('invalid_request', 'api_call_limit must be a whole number ≥ 0 (0: no cap)', { field: 'api_call_limit' });
      values.api_call_limit = limit === 0 ? null : limit;
    }
    if (change.overageSettings !== undefined) {
      const { mode, ...rest } = change.overageSettings;
      if (typeof mode !== 'string' || !overageModes.includes(mode) || Object.keys(rest).length) {
        throw new AppError('invalid_request', 'overage_settings must be {"mode": "block" | "allow"}', { field: 'overage_settings' });
      }
      values.overage_settings = JSON.stringify({ mode });
    }
    if (change.status !== undefined) {
      if (!statuses.includes(change.status)) throw new AppError('invalid_request', `status must be one of ${statuses.join(', ')}`, { field: 'status' });
      values.status = change.status;
    }
    if (!Object.keys(values).length) throw new AppError('invalid_request', 'nothing to change: give tier, api_call_limit, overage_settings or status');
    return values;
  }

  private async find(db: Kysely<CatalogTables>, organizationId: string, forUpdate = false): Promise<Selectable<SubscriptionsTable>> {
    const row = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .$if(forUpdate, (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) throw notFound('subscription of organization', organizationId);
    return row;
  }

  /** Billing periods are calendar months (UTC): an ended period rolls forward when it is read. */
  private async current(row: Selectable<SubscriptionsTable>, db: Kysely<CatalogTables> = this.db): Promise<Selectable<SubscriptionsTable>> {
    if (row.billing_period_end.getTime() > Date.now()) return row;
    const period = billingPeriod();
    return db
      .updateTable('subscriptions')
      .set({ billing_period_start: period.start, billing_period_end: period.end, updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
