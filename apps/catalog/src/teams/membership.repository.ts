// Team membership: a UserTeam row and the Rbac row with the member's role and its permissions.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CatalogTables, RbacTable } from '../db/schema.js';
import { permissionsByRole, type Role } from '../access/roles.js';

export async function setMembership(db: Kysely<CatalogTables>, teamId: string, userId: string, role: Role): Promise<Selectable<RbacTable>> {
  const now = new Date();
  await db
    .insertInto('user_teams')
    .values({ id: randomUUID(), user_id: userId, team_id: teamId })
    .onConflict((oc) => oc.columns(['user_id', 'team_id']).doUpdateSet({ updated_at: now }))
    .execute();
  return db
    .insertInto('rbac')
    .values({ id: randomUUID(), user_id: userId, team_id: teamId, role, permissions: [...permissionsByRole[role]] })
    .onConflict((oc) => oc.columns(['user_id', 'team_id']).doUpdateSet({ role, permissions: [...permissionsByRole[role]], updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function removeMembership(db: Kysely<CatalogTables>, teamId: string, userId: string): Promise<number> {
  await db.deleteFrom('rbac').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_teams').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
