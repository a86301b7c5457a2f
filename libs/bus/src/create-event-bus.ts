// Chooses the bus from configuration: Kafka when brokers are named, in-process otherwise.
import type { Logger } from 'pino';
import type { EventBus } from './event-bus.js';
import { InProcessBus } from './in-process-bus.js';
import { KafkaBus } from './kafka-bus.js';
import { allTopics } from './topics.js';

export interface EventBusConfig {
  kafkaBrokers?: string[] | undefined;
  clientId: string;
  partitions?: number;
  replicationFactor?: number;
  logger: Logger;
}

/** Connects the bus and creates the DESIGN.md §2 topics that are missing. */
export async function createEventBus(config: EventBusConfig): Promise<EventBus> {
  const bus: EventBus = config.kafkaBrokers?.length
    ? await KafkaBus.connect({
        brokers: config.kafkaBrokers,
        clientId: config.clientId,
        logger: config.logger,
        ...(config.partitions ? { partitions: config.partitions } : {}),
        ...(config.replicationFactor ? { replicationFactor: config.replicationFactor } : {}),
      })
    : new InProcessBus({ logger: config.logger });
  try {
    await bus.ensureTopics(allTopics);
  } catch (error) {
    await bus.close();
    throw error;
  }
  return bus;
}
