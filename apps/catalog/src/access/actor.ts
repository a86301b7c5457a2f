// The user a management call acts for. The gateway authenticates the caller and names them in
// the `x-querylane-actor` metadata; the catalog loads them and authorizes every call itself.
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import { actorOf, type CallContext } from '@querylane/grpc';
import type { CatalogTables } from '../db/schema.js';


export interface Actor {
  userId: string;
  organizationId: string;
  platformId: string;
  isPlatformAdmin: boolean;
}

export async function loadActor(db: Kysely<CatalogTables>, context: CallContext): Promise<Actor> {
  const userId = actorOf(context);
  if (!userId) throw new AppError('authentication_failed', 'no authenticated caller');
  const row = await db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select(['users.id', 'users.organization_id', 'users.is_platform_admin', 'organizations.platform_id'])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('authentication_failed', 'the caller no longer exists');
  return { userId: row.id, organizationId: row.organization_id, platformId: row.platform_id, isPlatformAdmin: row.is_platform_admin };
}

/** The acting user when the call names one; a service's own call (no actor) gets undefined. */
export async function loadOptionalActor(db: Kysely<CatalogTables>, context: CallContext): Promise<Actor | undefined> {
  return actorOf(context) ? loadActor(db, context) : undefined;
}
