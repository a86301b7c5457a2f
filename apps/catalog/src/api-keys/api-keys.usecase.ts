// API keys (DESIGN.md §7): shown once, stored as SHA-256, scoped to projects and environments,
// revocable. A revocation is announced on querylane.catalog so caches can drop the key at once.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import type { CatalogTables } from '../db/schema.js';
import type { CatalogEvents } from '../events/catalog-events.js';
import { environments, newApiKey, sha256, type Environment } from '../identity/tokens.js';

export class ApiKeysUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly catalogEvents: CatalogEvents,
  ) {}

  async create(actor: Actor, input: { name: string; projectIds: string[]; environments: string[] }) {
    const projectIds = [...new Set(input.projectIds)];
    if (!projectIds.length) throw new AppError('invalid_request', 'project_ids must name at least one project', { field: 'project_ids' });
    const scope = [...new Set(input.environments.length ? input.environments : ['production'])];
    const unknown = scope.filter((env) => !(environments as readonly string[]).includes(env));
    if (unknown.length) throw new AppError('invalid_request', `unknown environments: ${unknown.join(', ')} (expected ${environments.join(', ')})`, { field: 'environments' });
    for (const projectId of projectIds) await this.authorizer.requireProject(actor, projectId, 'api_keys:create');
    const { key, displayValue } = newApiKey(scope as Environment[]);
    const apiKey = await this.db
      .insertInto('api_keys')
      .values({
        id: randomUUID(),
        user_id: actor.userId,
        organization_id: actor.organizationId,
        name: input.name,
        key_hash: sha256(key),
        display_value: displayValue,
        project_ids: projectIds,
        environments: scope,
        last_used: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { key, apiKey };
  }

  /** The caller's own live keys; organization owners see every key of the organization. */
  async list(actor: Actor) {
    let query = this.db.selectFrom('api_keys').selectAll().where('organization_id', '=', actor.organizationId).where('deleted_at', 'is', null);
    if (!(await this.authorizer.managesOrganization(actor))) query = query.where('user_id', '=', actor.userId);
    return query.orderBy('created_at').execute();
  }

  async revoke(actor: Actor, apiKeyId: string) {
    assertId('api key', apiKeyId);
    const existing = await this.db.selectFrom('api_keys').selectAll().where('id', '=', apiKeyId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!existing || (!actor.isPlatformAdmin && existing.organization_id !== actor.organizationId)) throw notFound('api key', apiKeyId);
    if (existing.user_id !== actor.userId && !(await this.authorizer.managesOrganization(actor))) {
      throw new AppError('permission_denied', 'only the key owner or an organization owner can revoke it');
    }
    return this.catalogEvents.commit(async (trx, emit) => {
      const revoked = await trx.updateTable('api_keys').set({ deleted_at: new Date() }).where('id', '=', apiKeyId).returningAll().executeTakeFirstOrThrow();
      for (const projectId of revoked.project_ids) emit.record(projectId, 'api_key', revoked.id, 'revoked', { id: revoked.id, user_id: revoked.user_id });
      return revoked;
    });
  }
}
