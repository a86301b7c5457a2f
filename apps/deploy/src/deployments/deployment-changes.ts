// Writes go through commit() (or within() inside a transaction someone else opened, such as the
// idempotent consumer's): the deployment change and its querylane.deployments event share one
// transaction, and the relay is kicked once it committed.
import type { Kysely } from 'kysely';
import { addToOutbox, type OutboxRelay, type OutgoingEvent } from '@querylane/bus';
import type { DeployTables } from '../db/schema.js';
import { deploymentChanged, type DeploymentChange } from './deployment-events.js';
import type { DeploymentRow } from './deployments.repository.js';

export type Emit = (deployment: DeploymentRow, change: DeploymentChange, publishedProgramIds: string[]) => void;

export class DeploymentChanges {
  constructor(
    private readonly db: Kysely<DeployTables>,
    private readonly relay: OutboxRelay,
  ) {}

  async commit<T>(work: (trx: Kysely<DeployTables>, emit: Emit) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute((trx) => this.within(trx, work));
    this.relay.kick();
    return result;
  }

  /** The caller commits, then calls kick(). */
  async within<T>(trx: Kysely<DeployTables>, work: (trx: Kysely<DeployTables>, emit: Emit) => Promise<T>): Promise<T> {
    const outgoing: OutgoingEvent[] = [];
    const value = await work(trx, (deployment, change, ids) => outgoing.push(deploymentChanged(deployment, change, ids)));
    await addToOutbox(trx, outgoing);
    return value;
  }

  kick(): void {
    this.relay.kick();
  }
}
