// The query-runtime service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule, parseEnv } from '@querylane/runtime';
import { z } from 'zod';
import { BuildDatalineUseCase } from './jobs/build-dataline.usecase.js';
import { consumeJobs } from './jobs/jobs.consumer.js';
import { consumePublishedFlags } from './programs/published-flags.consumer.js';
import { RegenerateProgramsUseCase } from './programs/regenerate-programs.usecase.js';
import { datalineTables } from './programs/dataline-tables.js';
import { ProjectDatabases } from './execution/project-databases.js';
import { queryRuntimeHandlers } from './query-runtime.handler.js';
import { ManageProgramsUseCase } from './programs/manage-programs.usecase.js';
import { ProgramCache } from './programs/program-cache.js';
import { ProgramChanges } from './programs/program-changes.js';
import { consumeReplicaChanges } from './programs/replica-sync.consumer.js';
import { AnswerQuestionUseCase } from './questions/answer-question.usecase.js';
import { keepRouterOptimized } from './routing/index.js';
import { join } from 'node:path';
import { queryRuntimeV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { QueryRuntimeTables } from './db/schema.js';

const queryRuntimeConfigSchema = z.object({
  QUERY_RUNTIME_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  QUERY_RUNTIME_JOB_BACKOFF_MS: z.coerce.number().int().min(0).default(1_000),
  QUERY_RUNTIME_MEMORY_BUDGET_MB: z.coerce.number().int().min(16).default(2048),
  // 0: per project database, one thread unless a table is large enough for a parallel scan.
  QUERY_RUNTIME_ENGINE_THREADS: z.coerce.number().int().min(0).max(256).default(0),
});

export const queryRuntimeModule = defineServiceModule<typeof queryRuntimeV1.QueryRuntimeService, QueryRuntimeTables>({
  name: 'query-runtime',
  service: queryRuntimeV1.QueryRuntimeService,
  schema: 'query',
  migrations,
  usesObjects: true,
  start: async (context) => {
    const settings = parseEnv(queryRuntimeConfigSchema, context.env);
    keepRouterOptimized();
    const databases = new ProjectDatabases({
      memoryBudgetBytes: settings.QUERY_RUNTIME_MEMORY_BUDGET_MB * 1024 * 1024,
      databaseThreads: settings.QUERY_RUNTIME_ENGINE_THREADS,
      logger: context.logger,
      loadTable: datalineTables({ clients: context.clients, objects: context.objects!, cacheDir: join(context.config.QUERYLANE_DATA_DIR, 'query-cache') }),
    });
    const cache = new ProgramCache();
    const changes = new ProgramChanges(context.db, context.relay, cache);
    const buildDataline = new BuildDatalineUseCase({
      clients: context.clients,
      objects: context.objects!,
      logger: context.logger,
      retry: { attempts: settings.QUERY_RUNTIME_JOB_ATTEMPTS, backoffMs: settings.QUERY_RUNTIME_JOB_BACKOFF_MS },
      regenerate: new RegenerateProgramsUseCase(changes),
      // A rebuilt dataline replaces the table of an open project database.
      onDatalineBuilt: (projectId) => databases.reloadIfChanged(projectId).then(() => undefined),
    });
    const subscription = await consumeJobs({ bus: context.bus, group: context.consumerGroup, buildDataline, logger: context.logger, onFatal: context.fail });
    const publishedFlags = await consumePublishedFlags({ bus: context.bus, group: context.consumerGroup, db: context.db, cache, onFatal: context.fail });
    const replicaSync = await consumeReplicaChanges({ bus: context.bus, group: context.consumerGroup, cache, databases, logger: context.logger, onFatal: context.fail });
    return {
      implementation: queryRuntimeHandlers({
        db: context.db,
        clients: context.clients,
        databases,
        cache,
        manage: new ManageProgramsUseCase(context.db, context.clients, changes),
        answers: new AnswerQuestionUseCase({ db: context.db, cache, databases, clients: context.clients, logger: context.logger }),
        logger: context.logger,
      }),
      stop: async () => {
        await subscription.close();
        await publishedFlags.close();
        await replicaSync.close();
        await databases.close();
      },
    };
  },
});
