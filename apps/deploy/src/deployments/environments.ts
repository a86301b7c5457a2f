// The environments a program can be deployed in; an empty value means production.
import { AppError } from '@querylane/errors';

export const environments = ['production', 'staging', 'development'] as const;
export type Environment = (typeof environments)[number];

export function parseEnvironment(value: string | undefined): Environment {
  const environment = value?.trim() || 'production';
  if ((environments as readonly string[]).includes(environment)) return environment as Environment;
  throw new AppError('invalid_request', `unknown environment "${environment}": use ${environments.join(', ')}`, { environment, allowed: [...environments] });
}
