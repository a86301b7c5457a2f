// Credentials (seed endpoint 3): auth values are sealed into Secret rows (AES-256-GCM) in the same
// transaction as the credential; no read ever returns them.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import type { CatalogTables } from '../db/schema.js';
import { hideAs } from '../datasources/datasources.usecase.js';
import type { SecretBox } from '../identity/secret-box.js';
import { extractSecrets } from '@querylane/records';

export const credentialTypes = ['api'] as const;

export interface CreateCredential {
  name: string;
  type: string;
  description?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  config?: Record<string, unknown> | undefined;
  datasourceId?: string | undefined;
  teamId?: string | undefined;
  organizationId: string;
}

export class CredentialsUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly box: SecretBox,
  ) {}

  async create(actor: Actor, input: CreateCredential) {
    if (!(credentialTypes as readonly string[]).includes(input.type)) {
      throw new AppError('invalid_request', `type must be one of ${credentialTypes.join(', ')}`, { field: 'type' });
    }
    await this.authorize(actor, input);
    const config = extractSecrets('config', input.config);
    const metadata = extractSecrets('metadata', input.metadata);
    return this.db.transaction().execute(async (trx) => {
      const credential = await trx
        .insertInto('credentials')
        .values({
          id: randomUUID(),
          name: input.name,
          type: input.type,
          description: input.description ?? null,
          metadata: metadata.redacted ? JSON.stringify(metadata.redacted) : null,
          config: config.redacted ? JSON.stringify(config.redacted) : null,
          datasource_id: input.datasourceId ?? null,
          team_id: input.teamId ?? null,
          organization_id: input.organizationId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const secrets = [...config.secrets, ...metadata.secrets];
      if (secrets.length) {
        await trx
          .insertInto('secrets')
          .values(
            secrets.map((secret) => ({
              id: randomUUID(),
              credential_id: credential.id,
              name: secret.path,
              ciphertext: this.box.seal(secret.value, `${credential.id}:${secret.path}`),
              key_version: this.box.version,
            })),
          )
          .execute();
      }
      return credential;
    });
  }

  async get(actor: Actor, credentialId: string) {
    assertId('credential', credentialId);
    const credential = await this.db.selectFrom('credentials').selectAll().where('id', '=', credentialId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!credential) throw notFound('credential', credentialId);
    await this.authorize(actor, {
      organizationId: credential.organization_id,
      datasourceId: credential.datasource_id ?? undefined,
      teamId: credential.team_id ?? undefined,
      read: true,
    }).catch(hideAs('credential', credentialId));
    return credential;
  }

  /**
   * The newest credential of a datasource with its secrets back in place, for the connector's own
   * calls only: no user ever receives a secret value.
   */
  async reveal(actor: Actor | undefined, datasourceId: string): Promise<{ credentialId?: string; config?: Record<string, unknown> }> {
    if (actor) throw new AppError('permission_denied', 'secret values are never returned to users');
    assertId('datasource', datasourceId);
    const credential = await this.db
      .selectFrom('credentials')
      .selectAll()
      .where('datasource_id', '=', datasourceId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!credential) return {};
    const secrets = await this.db.selectFrom('secrets').selectAll().where('credential_id', '=', credential.id).execute();
    const documents: Record<string, unknown> = { config: structuredClone(credential.config ?? {}), metadata: structuredClone(credential.metadata ?? {}) };
    for (const secret of secrets) {
      setPath(documents, secret.name.split('.'), this.box.open(secret.ciphertext, `${credential.id}:${secret.name}`));
    }
    return { credentialId: credential.id, config: documents.config as Record<string, unknown> };
  }

  /** Who may keep a credential: writers of its datasource's project or team, else organization owners. */
  private async authorize(actor: Actor, scope: { organizationId: string; datasourceId?: string | undefined; teamId?: string | undefined; read?: boolean }) {
    await this.authorizer.requireOrganization(actor, scope.organizationId, 'read');
    const permission = scope.read ? 'project:read' : 'project:write';
    if (scope.datasourceId) {
      assertId('datasource', scope.datasourceId);
      const datasource = await this.db.selectFrom('datasources').select('project_id').where('id', '=', scope.datasourceId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!datasource) throw notFound('datasource', scope.datasourceId);
      const project = await this.authorizer.requireProject(actor, datasource.project_id, permission).catch(hideAs('datasource', scope.datasourceId));
      if (project.organization_id !== scope.organizationId) {
        throw new AppError('invalid_request', 'the datasource belongs to another organization', { field: 'datasource_id' });
      }
    }
    if (scope.teamId) {
      const team = await this.authorizer.requireTeam(actor, scope.teamId, permission);
      if (team.organization_id !== scope.organizationId) throw new AppError('invalid_request', 'the team belongs to another organization', { field: 'team_id' });
    }
    if (!scope.datasourceId && !scope.teamId && !scope.read) await this.authorizer.requireOrganization(actor, scope.organizationId, 'manage');
  }
}

function setPath(root: Record<string, unknown>, path: string[], value: string): void {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}
