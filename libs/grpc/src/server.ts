// A grpc-js server that hosts services from their protobuf-es descriptors, answers grpc.health.v1,
// maps thrown errors to statuses in one place, and drains in-flight calls on shutdown.
import { randomUUID } from 'node:crypto';
import { create, type DescMessage, type DescMethod, type DescService, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { healthV1 } from '@querylane/proto';
import { toStatusObject } from './errors.js';
import { HealthRegistry, ServingStatus } from './health.js';
import { toServiceDefinition } from './service-definition.js';
import type { CallContext, ServiceImplementation } from './types.js';

export interface GrpcServerOptions {
  logger: Logger;
  /** Largest message accepted, in bytes (default 16 MiB). */
  maxMessageBytes?: number;
}

type AnyUnary = (request: MessageShape<DescMessage>, context: CallContext) => Promise<MessageInitShape<DescMessage>>;
type AnyStreaming = (request: MessageShape<DescMessage>, context: CallContext) => AsyncIterable<MessageInitShape<DescMessage>>;
type AnyBidi = (requests: AsyncIterable<MessageShape<DescMessage>>, context: CallContext) => AsyncIterable<MessageInitShape<DescMessage>>;
type ServerCall = grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown> | grpc.ServerDuplexStream<unknown, unknown>;

export class GrpcServer {
  readonly health = new HealthRegistry();
  private readonly server: grpc.Server;
  private readonly logger: Logger;
  private boundPort: number | undefined;
  /** True once shutdown begins: bidirectional calls stop reading their messages then. */
  private draining = false;
  /** How each bidirectional call reading its messages now stops, told when shutdown begins. */
  private readonly readers = new Set<() => void>();

  constructor(options: GrpcServerOptions) {
    this.logger = options.logger.child({ component: 'grpc-server' });
    const maxBytes = options.maxMessageBytes ?? 16 * 1024 * 1024;
    this.server = new grpc.Server({
      'grpc.max_receive_message_length': maxBytes,
      'grpc.max_send_message_length': maxBytes,
      // Nothing serves channelz (see client.ts).
      'grpc.enable_channelz': 0,
    });
    this.addService(healthV1.Health, this.health.implementation(), { trackHealth: false });
  }

  /** Adds a service; its health turns SERVING at once (set it NOT_SERVING to take it out). */
  addService<S extends DescService>(
    service: S,
    implementation: ServiceImplementation<S>,
    options: { trackHealth?: boolean } = {},
  ): void {
    const handlers: grpc.UntypedServiceImplementation = {};
    const impl = implementation as Record<string, AnyUnary | AnyStreaming | AnyBidi>;
    for (const method of service.methods) {
      const handler = impl[method.localName];
      if (!handler) throw new Error(`${service.typeName}: no handler for ${method.name}`);
      handlers[method.localName] = this.wrap(service, method, handler);
    }
    this.server.addService(toServiceDefinition(service), handlers);
    if (options.trackHealth !== false) this.health.set(service.typeName, ServingStatus.SERVING);
  }

  /** Binds host:port (port 0 picks a free one) and returns the port. */
  async listen(host: string, port: number): Promise<number> {
    this.boundPort = await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      );
    });
    this.logger.info({ address: `${host}:${this.boundPort}` }, 'grpc server listening');
    return this.boundPort;
  }

  get port(): number | undefined {
    return this.boundPort;
  }

  /**
   * Stops taking calls and waits for the ones in flight, then forces what is left after graceMs.
   * Health turns NOT_SERVING first so load balancers stop routing here. A bidirectional call (a
   * channel that would otherwise outlast the grace period) reads no more messages: its handler
   * answers those it has, and the call ends with OK.
   */
  async shutdown(graceMs = 5_000): Promise<void> {
    this.health.setAll(ServingStatus.NOT_SERVING);
    this.draining = true;
    for (const stop of this.readers) stop();
    const drained = new Promise<boolean>((resolve) => this.server.tryShutdown(() => resolve(true)));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    const graceful = await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    if (!graceful) {
      this.logger.warn({ grace_ms: graceMs }, 'grpc calls still running after the grace period; forcing shutdown');
      this.server.forceShutdown();
    }
  }

  private wrap(service: DescService, method: DescMethod, handler: AnyUnary | AnyStreaming | AnyBidi) {
    const name = `${service.typeName}/${method.name}`;
    const output = method.output;
    if (method.methodKind === 'unary') {
      const unary = handler as AnyUnary;
      return (call: grpc.ServerUnaryCall<MessageShape<DescMessage>, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const context = this.contextOf(call);
        const started = performance.now();
        unary(call.request, context)
          .then((response) => {
            callback(null, create(output, response));
            this.logCall(name, context, started, 'OK');
          })
          .catch((error: unknown) => {
            callback(this.failure(name, context, error) as grpc.ServiceError);
            this.logCall(name, context, started, 'ERROR', error);
          });
      };
    }
    if (method.methodKind === 'server_streaming') {
      const streaming = handler as AnyStreaming;
      return (call: grpc.ServerWritableStream<MessageShape<DescMessage>, unknown>) => this.answer(name, output, call, (context) => streaming(call.request, context));
    }
    if (method.methodKind === 'bidi_streaming') {
      const bidi = handler as AnyBidi;
      return (call: grpc.ServerDuplexStream<MessageShape<DescMessage>, unknown>) => this.answer(name, output, call, (context) => bidi(this.messagesOf(call), context));
    }
    throw new Error(`${name}: ${method.methodKind} methods are not supported by the adapter yet`);
  }

  /** Writes a streaming call's answers as the handler yields them, then ends it (with the handler's error, if it throws). */
  private async answer(
    name: string,
    output: DescMessage,
    call: grpc.ServerWritableStream<MessageShape<DescMessage>, unknown> | grpc.ServerDuplexStream<MessageShape<DescMessage>, unknown>,
    answers: (context: CallContext) => AsyncIterable<MessageInitShape<DescMessage>>,
  ): Promise<void> {
    const context = this.contextOf(call);
    const started = performance.now();
    try {
      for await (const message of answers(context)) {
        // `call.cancelled`, not `context.signal`: the signal is made only for handlers that ask.
        if (call.cancelled) break;
        if (!call.write(create(output, message))) await new Promise((resolve) => call.once('drain', resolve));
      }
      call.end();
      this.logCall(name, context, started, 'OK');
    } catch (error) {
      call.emit('error', this.failure(name, context, error));
      this.logCall(name, context, started, 'ERROR', error);
    }
  }

  /**
   * A bidirectional call's messages, until the caller ends its side, cancels, or this server begins
   * to shut down. The call's stream is never destroyed from here: its answers are still written.
   */
  private async *messagesOf<T>(call: grpc.ServerDuplexStream<T, unknown>): AsyncGenerator<T> {
    // Readable's own iterator destroys the stream when the messages end, and with it the side
    // that still has answers to write.
    const messages = call.iterator({ destroyOnReturn: false }) as AsyncIterator<T>;
    // The wait for the next message ends early when the call stops. Not a Promise.race of each read
    // with a promise of the stop: every race leaves a reaction on that promise, which lasts as long
    // as the call (or the server), and with it the message the race settled with, so a long-lived
    // call kept every message it ever carried.
    let stopped = this.draining || call.cancelled;
    let stopWaiting: (() => void) | undefined;
    const stop = () => {
      stopped = true;
      stopWaiting?.();
    };
    this.readers.add(stop);
    call.once('cancelled', stop);
    try {
      while (!stopped) {
        const next = await new Promise<IteratorResult<T> | undefined>((resolve, reject) => {
          stopWaiting = () => resolve(undefined);
          messages.next().then(resolve, reject);
        });
        stopWaiting = undefined;
        if (next === undefined || next.done) return;
        yield next.value;
      }
    } finally {
      this.readers.delete(stop);
      call.off('cancelled', stop);
    }
  }

  /**
   * The call's context. The abort signal and the peer are made when a handler first reads them: most
   * handlers read neither, and on the hot path (CheckRateLimit, queries) the AbortController, its
   * listener and the peer string were a few percent of every call.
   */
  private contextOf(call: ServerCall): CallContext {
    const requestId = call.metadata.get('x-request-id')[0];
    const deadline = call.getDeadline();
    let controller: AbortController | undefined;
    let peer: string | undefined;
    return {
      requestId: typeof requestId === 'string' && requestId ? requestId : randomUUID(),
      metadata: call.metadata,
      deadline: deadline instanceof Date ? deadline : Number.isFinite(deadline) ? new Date(deadline) : undefined,
      get signal() {
        if (!controller) {
          controller = new AbortController();
          const abort = () => controller!.abort(new Error('call cancelled'));
          if (call.cancelled) abort();
          else (call as grpc.ServerUnaryCall<unknown, unknown>).on('cancelled', abort);
        }
        return controller.signal;
      },
      get peer() {
        return (peer ??= call.getPeer());
      },
    };
  }

  private failure(name: string, context: CallContext, error: unknown) {
    const status = toStatusObject(error, context.requestId);
    if (status.code === grpc.status.INTERNAL) {
      this.logger.error({ err: error, method: name, request_id: context.requestId }, 'grpc handler failed');
    }
    return status;
  }

  private logCall(name: string, context: CallContext, started: number, outcome: string, error?: unknown) {
    this.logger.debug(
      {
        method: name,
        request_id: context.requestId,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        outcome,
        error_code: error instanceof Error && 'code' in error ? error.code : undefined,
      },
      'grpc call',
    );
  }
}
