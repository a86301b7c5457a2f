// quota_used_pct for alerts: the share of its organization's monthly cap a project's organization
// has used. The organization is the one the project's calls were made for (its latest ApiLog), the
// cap the catalog's Subscription, the count this month's organization_usage. A project without
// calls, or an organization without a cap, has no value (the alert then never fires).
import type { Kysely } from 'kysely';
import type { MeteringTables } from '../db/schema.js';
import { monthStart } from '../ingestion/api-call-record.js';
import type { PlanSource } from './rate-limiter.js';

export function quotaUsedPct(db: Kysely<MeteringTables>, plans: PlanSource, now: () => Date = () => new Date()) {
  return async (projectId: string): Promise<number | null> => {
    const latest = await db.selectFrom('api_logs').select('organization_id').where('project_id', '=', projectId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (!latest?.organization_id) return null;
    const plan = await plans.plan(latest.organization_id);
    if (plan.apiCallLimit === null || plan.apiCallLimit <= 0) return null;
    const used = await plans.usage(latest.organization_id, monthStart(now()));
    return (used / plan.apiCallLimit) * 100;
  };
}
