// Building, encoding and opening the EventEnvelope every topic carries.
import { randomFillSync, randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { anyPack, anyUnpack, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { eventsV1 } from '@querylane/proto';

export type EventEnvelope = eventsV1.EventEnvelope;

export interface NewEvent<D extends DescMessage> {
  type: string;
  projectId?: string;
  traceId?: string;
  source: string;
  schema: D;
  payload: MessageShape<D>;
  /** Defaults to a new UUID; pass one to make an emit idempotent. */
  id?: string;
  occurredAt?: Date;
}

// Trace ids are cut from a pool filled 256 at a time (as Node does for randomUUID): a randomBytes
// call per event was 1.3% of a query call's main-thread samples (one api-calls event per call).
const traceIdBytes = 16;
const traceIdPool = Buffer.alloc(traceIdBytes * 256);
let traceIdOffset = traceIdPool.length;

/** 32 random hex digits (a W3C trace-id). */
function newTraceId(): string {
  if (traceIdOffset === traceIdPool.length) {
    randomFillSync(traceIdPool);
    traceIdOffset = 0;
  }
  const id = traceIdPool.toString('hex', traceIdOffset, traceIdOffset + traceIdBytes);
  traceIdOffset += traceIdBytes;
  return id;
}

export function createEnvelope<D extends DescMessage>(event: NewEvent<D>): EventEnvelope {
  return create(eventsV1.EventEnvelopeSchema, {
    id: event.id ?? randomUUID(),
    type: event.type,
    occurredAt: timestampFromDate(event.occurredAt ?? new Date()),
    projectId: event.projectId ?? '',
    traceId: event.traceId ?? newTraceId(),
    payload: anyPack(event.schema, event.payload),
    source: event.source,
  });
}

export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return toBinary(eventsV1.EventEnvelopeSchema, envelope);
}

export function decodeEnvelope(bytes: Uint8Array): EventEnvelope {
  return fromBinary(eventsV1.EventEnvelopeSchema, bytes);
}

/** The payload as the message the consumer expects; a payload of another type is a bad event. */
export function openPayload<D extends DescMessage>(envelope: EventEnvelope, schema: D): MessageShape<D> {
  const payload = envelope.payload ? anyUnpack(envelope.payload, schema) : undefined;
  if (!payload) {
    throw new AppError('invalid_request', `event ${envelope.id} (${envelope.type}) does not carry a ${schema.typeName}`);
  }
  return payload;
}
