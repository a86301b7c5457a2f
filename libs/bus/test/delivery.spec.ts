// Retries and the dead-letter topic: a failing event gives up after its attempts, but an outage of a
// part the handler needs (database, storage) is waited out and never dead-letters good events.
import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { StringValueSchema } from '@bufbuild/protobuf/wkt';
import { testLogger } from '@querylane/testing';
import { createEnvelope, type EventEnvelope, type ReceivedEvent } from '../src/index.js';
import { deliver, isUnreachable, retryPolicy, type DeliveryContext } from '../src/delivery.js';

const event = createEnvelope({ type: 'test.text', projectId: 'p1', source: 'delivery-test', schema: StringValueSchema, payload: create(StringValueSchema, { value: 'x' }) });

function context(handler: (event: ReceivedEvent) => Promise<void>, signal?: AbortSignal) {
  const deadLetters: EventEnvelope[] = [];
  const value: DeliveryContext = {
    topic: 't',
    group: 'g',
    handler,
    retry: retryPolicy({ attempts: 3, initialDelayMs: 1, maxDelayMs: 2 }),
    logger: testLogger(),
    publishDeadLetter: async (envelope) => void deadLetters.push(envelope),
    ...(signal ? { signal } : {}),
  };
  return { value, deadLetters };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('delivery', () => {
  it('dead-letters an event whose handler keeps failing, after its attempts', async () => {
    let calls = 0;
    const { value, deadLetters } = context(async () => {
      calls += 1;
      throw new Error('bad event');
    });
    expect(await deliver(value, event)).toBe('dead-lettered');
    expect(calls).toBe(3);
    expect(deadLetters).toHaveLength(1);
  });

  it('waits out an unreachable database past the attempts, then handles the event', async () => {
    let calls = 0;
    const { value, deadLetters } = context(async () => {
      calls += 1;
      if (calls <= 7) throw new Error('writing failed', { cause: refused() });
    });
    expect(await deliver(value, event)).toBe('processed');
    expect(calls).toBe(8);
    expect(deadLetters).toEqual([]);
  });

  it('throws instead of dead-lettering when the subscription closes during an outage', async () => {
    const closing = new AbortController();
    const { value, deadLetters } = context(async () => {
      closing.abort();
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    }, closing.signal);
    await expect(deliver(value, event)).rejects.toThrow(/administrator command/);
    expect(deadLetters).toEqual([]);
  });

  it.each([
    [refused(), true],
    [Object.assign(new Error('connection failure'), { code: '08006' }), true],
    [new Error('Connection terminated unexpectedly'), true],
    [new AggregateError([refused()], 'all addresses failed'), true],
    [Object.assign(new Error('duplicate key'), { code: '23505' }), false],
    [new Error('bad event'), false],
  ])('isUnreachable(%s) is %s', (error, expected) => {
    expect(isUnreachable(error)).toBe(expected);
  });
});
