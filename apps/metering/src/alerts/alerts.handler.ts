// The alerts' gRPC surface: authorize through the catalog (project:read to read, project:write to
// change), then the use case; rows leave as Alert messages without any webhook secret.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { JsonObject } from '@bufbuild/protobuf';
import { AppError } from '@querylane/errors';
import { onBehalfOf, type CallContext, type ServiceImplementation } from '@querylane/grpc';
import type { meteringV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import { publicChannel, type StoredChannel } from './alert-rules.js';
import { alertsParts, type AlertsContext } from './alerts.config.js';
import type { AlertRow } from './alerts.repository.js';
import { ManageAlertsUseCase, type AlertChanges } from './manage-alerts.usecase.js';

type Service = ServiceImplementation<typeof meteringV1.MeteringService>;
export type AlertHandlerFunctions = Pick<Service, 'createAlert' | 'listAlerts' | 'getAlert' | 'updateAlert' | 'deleteAlert' | 'listAlertEvents'>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const eventsShown = 500;

function toAlert(row: AlertRow) {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    metric: row.metric,
    operator: row.operator,
    threshold: row.threshold,
    windowMinutes: row.window_minutes,
    queryName: row.query_name ?? undefined,
    channels: (row.channels as StoredChannel[]).map((channel) => publicChannel(channel) as unknown as JsonObject),
    cooldownMinutes: row.cooldown_minutes,
    enabled: row.enabled,
    state: row.state,
    ...(row.last_fired_at ? { lastFiredAt: timestampFromDate(row.last_fired_at) } : {}),
    createdAt: timestampFromDate(row.created_at),
    updatedAt: timestampFromDate(row.updated_at),
  };
}

function changesOf(input: meteringV1.AlertInput | undefined, creating: boolean): AlertChanges {
  if (!input) throw new AppError('invalid_request', 'the alert is missing', { field: 'alert' });
  return {
    name: input.name,
    metric: input.metric,
    operator: input.operator,
    threshold: input.threshold,
    window_minutes: input.windowMinutes,
    query_name: input.queryName,
    channels: creating || input.channelsSet ? (input.channels as Record<string, unknown>[]) : undefined,
    cooldown_minutes: input.cooldownMinutes,
    enabled: input.enabled,
  };
}

export function alertHandlers(deps: AlertsContext & { clients: ServiceClients }): AlertHandlerFunctions {
  const { repository, secrets, webhooks, email } = alertsParts(deps);
  // The service's own call (no actor): the caller was authorized for the project already.
  const queryNames = async (projectId: string) => (await deps.clients['query-runtime'].call.listQueryPrograms({ projectId })).queryPrograms.map((program) => program.name);
  const manage = new ManageAlertsUseCase(repository, secrets, webhooks, email, queryNames);

  // A call for a user is checked by the catalog; a service's own call (no actor) is trusted.
  const authorize = async (projectId: string, context: CallContext, action: 'project:read' | 'project:write') => {
    const options = onBehalfOf(context);
    if (options.metadata) await deps.clients.catalog.call.authorize({ projectId, action }, options);
  };
  const alert = async (id: string, context: CallContext, action: 'project:read' | 'project:write'): Promise<AlertRow> => {
    const row = uuid.test(id) ? await repository.find(id) : undefined;
    if (!row) throw new AppError('not_found', `alert ${id} not found`, { id });
    await authorize(row.project_id, context, action).catch((error: unknown) => {
      // Another organization's alert is not found, like an unknown one.
      if (error instanceof AppError && error.code === 'not_found') throw new AppError('not_found', `alert ${id} not found`, { id });
      throw error;
    });
    return row;
  };

  return {
    createAlert: async ({ projectId, alert: input }, context) => {
      await authorize(projectId, context, 'project:write');
      return { alert: toAlert(await manage.create(projectId, changesOf(input, true))) };
    },
    listAlerts: async ({ projectId }, context) => {
      await authorize(projectId, context, 'project:read');
      return { alerts: (await repository.listByProject(projectId)).map(toAlert) };
    },
    getAlert: async ({ alertId }, context) => ({ alert: toAlert(await alert(alertId, context, 'project:read')) }),
    updateAlert: async ({ alertId, alert: input }, context) => ({ alert: toAlert(await manage.update(await alert(alertId, context, 'project:write'), changesOf(input, false))) }),
    deleteAlert: async ({ alertId }, context) => ({ alert: toAlert(await manage.delete(await alert(alertId, context, 'project:write'))) }),
    listAlertEvents: async ({ alertId }, context) => {
      const row = await alert(alertId, context, 'project:read');
      const events = await repository.events(row.id, eventsShown);
      return {
        events: events.map((event) => ({
          id: event.id,
          alertId: event.alert_id,
          kind: event.kind,
          value: event.value ?? 0,
          details: event.details as JsonObject,
          createdAt: timestampFromDate(event.created_at),
        })),
      };
    },
  };
}
