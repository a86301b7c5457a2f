// The user a call acts for travels in one metadata entry, set only by the gateway after it
// authenticated the caller, and passed along by every service that calls another for that user.
import type { CallContext, CallOptions } from './types.js';

export const actorMetadataKey = 'x-querylane-actor';

/** The acting user of an incoming call, or undefined for a service's own call. */
export function actorOf(context: CallContext): string | undefined {
  const actor = context.metadata.get(actorMetadataKey)[0];
  return typeof actor === 'string' && actor ? actor : undefined;
}

/** Options for the calls made while serving this one: the same request id and the same user. */
export function onBehalfOf(context: CallContext): CallOptions {
  const actor = actorOf(context);
  return { requestId: context.requestId, ...(actor ? { metadata: { [actorMetadataKey]: actor } } : {}) };
}

/** Options naming a user, for the gateway. */
export function asUser(userId: string, requestId: string): CallOptions {
  return { requestId, metadata: { [actorMetadataKey]: userId } };
}
