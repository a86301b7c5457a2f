// Which project and environment a query call with an API key is for (API.md endpoint 7): the
// project from `project_id`, `X-Project-Id` or the key's only project; the environment from
// `X-Environment`, the key's only environment, or production. The key must cover both.
import { AppError } from '@querylane/errors';
import type { ApiKeyPrincipal } from './authenticator.js';

/** DESIGN.md's environments; a name outside them is a mistake in the call, not a missing grant. */
const knownEnvironments: readonly string[] = ['production', 'staging', 'development'];

export interface QueryScope {
  projectId: string;
  environment: string;
}

export interface AskedScope {
  projectId?: string | undefined;
  environment?: string | undefined;
  /** The call has a JSON body that may name `project_id` (the unified endpoint). */
  bodyNamesProject?: boolean;
}

export function resolveQueryScope(key: ApiKeyPrincipal, asked: AskedScope): QueryScope {
  const projectId = asked.projectId || (key.projectIds.length === 1 ? key.projectIds[0] : undefined);
  if (!projectId) {
    const where = `${asked.bodyNamesProject ? 'project_id in the body, ' : ''}project_id query parameter or X-Project-Id header`;
    throw new AppError('invalid_query', `name the project: the key covers several (${where})`, { field: 'project_id', project_ids: key.projectIds });
  }
  const environment = asked.environment || (key.environments.length === 1 ? key.environments[0]! : 'production');
  if (!knownEnvironments.includes(environment)) {
    throw new AppError('invalid_query', `unknown environment ${JSON.stringify(environment)}: one of ${knownEnvironments.join(', ')}`, { field: 'environment', environments: knownEnvironments });
  }
  if (!key.projectIds.includes(projectId)) {
    throw new AppError('permission_denied', `this API key is not scoped to project ${projectId}`, { project_id: projectId });
  }
  if (!key.environments.includes(environment)) {
    throw new AppError('permission_denied', `this API key is not scoped to the ${environment} environment`, { environment, environments: key.environments });
  }
  return { projectId, environment };
}
