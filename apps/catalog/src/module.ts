// The catalog service as a module (DESIGN.md §1): identity, access and the data records.
import { defineServiceModule, parseEnv } from '@querylane/runtime';
import { catalogV1 } from '@querylane/proto';
import { Authorizer } from './access/authorizer.js';
import { ApiKeysUseCase } from './api-keys/api-keys.usecase.js';
import { BootstrapUseCase } from './bootstrap/bootstrap.usecase.js';
import { catalogHandlers } from './catalog.handler.js';
import { catalogConfigSchema } from './config.js';
import { CredentialsUseCase } from './credentials/credentials.usecase.js';
import { DatasourcesUseCase } from './datasources/datasources.usecase.js';
import { migrations } from './db/migrations/index.js';
import type { CatalogTables } from './db/schema.js';
import { CatalogEvents } from './events/catalog-events.js';
import { IdentityUseCase } from './identity/identity.usecase.js';
import { loadSecretKey, SecretBox } from './identity/secret-box.js';
import { OrganizationsUseCase } from './organizations/organizations.usecase.js';
import { PlatformReadUseCase } from './platform/platform-read.usecase.js';
import { ProjectsUseCase } from './projects/projects.usecase.js';
import { DataRecordsUseCase } from './records/data-records.usecase.js';
import { subscriptionPlansConfigSchema } from './subscriptions/subscription-plans.js';
import { SubscriptionsUseCase } from './subscriptions/subscriptions.usecase.js';
import { MeUseCase } from './users/me.usecase.js';

export const catalogModule = defineServiceModule<typeof catalogV1.CatalogService, CatalogTables>({
  name: 'catalog',
  service: catalogV1.CatalogService,
  schema: 'catalog',
  migrations,
  start: async (context) => {
    const { config, db, logger, relay } = context;
    const settings = parseEnv(catalogConfigSchema, context.env);
    const box = new SecretBox(
      loadSecretKey({ secretKey: settings.QUERYLANE_SECRET_KEY, production: config.NODE_ENV === 'production', dataDir: config.QUERYLANE_DATA_DIR }),
    );
    const infrastructure = {
      provider: config.DATABASE_URL || config.KAFKA_BROKERS || config.S3_ENDPOINT ? 'self-hosted' : 'embedded',
      config: {
        database: config.DATABASE_URL ? 'postgres' : 'pglite',
        events: config.KAFKA_BROKERS ? 'kafka' : 'in-process',
        objects: config.S3_ENDPOINT ? 'minio' : 'filesystem',
      },
    };
    const authorizer = new Authorizer(db);
    const identity = new IdentityUseCase(db, logger);
    const events = new CatalogEvents(db, relay);
    await new BootstrapUseCase(db, identity, logger).execute({
      adminToken: settings.QUERYLANE_ADMIN_TOKEN,
      adminEmail: settings.QUERYLANE_ADMIN_EMAIL,
      dataDir: config.QUERYLANE_DATA_DIR,
      infrastructure,
    });
    return {
      implementation: catalogHandlers({
        db,
        authorizer,
        identity,
        organizations: new OrganizationsUseCase(db, authorizer, infrastructure),
        projects: new ProjectsUseCase(db, authorizer, events),
        datasources: new DatasourcesUseCase(db, authorizer, events),
        credentials: new CredentialsUseCase(db, authorizer, box),
        apiKeys: new ApiKeysUseCase(db, authorizer, events),
        platformRead: new PlatformReadUseCase(db, authorizer),
        me: new MeUseCase(db, authorizer),
        records: new DataRecordsUseCase(db, authorizer, events),
        subscriptions: new SubscriptionsUseCase(db, authorizer, events, parseEnv(subscriptionPlansConfigSchema, context.env).CATALOG_PLANS),
      }),
      stop: () => identity.flushLastUsed(),
    };
  },
});
