// Handler and client types derived from the generated service descriptors, so a handler that
// returns the wrong message, or a call with the wrong request, does not compile.
import type { DescMessage, DescService, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { Metadata } from '@grpc/grpc-js';

export interface CallContext {
  /** From the caller's `x-request-id` metadata, or new when the caller sent none. */
  requestId: string;
  metadata: Metadata;
  deadline: Date | undefined;
  /** Aborted when the caller cancels or the deadline passes. */
  signal: AbortSignal;
  peer: string;
}

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  deadlineMs?: number;
  requestId?: string;
  metadata?: Record<string, string>;
  signal?: AbortSignal;
}

type UnaryMethod<I extends DescMessage, O extends DescMessage> = {
  methodKind: 'unary';
  input: I;
  output: O;
};
type ServerStreamingMethod<I extends DescMessage, O extends DescMessage> = {
  methodKind: 'server_streaming';
  input: I;
  output: O;
};
type BidiStreamingMethod<I extends DescMessage, O extends DescMessage> = {
  methodKind: 'bidi_streaming';
  input: I;
  output: O;
};

/**
 * The caller's side of a bidirectional call: messages written as they come, answers read by
 * iterating (which throws the AppError the server ended the call with). It has no deadline unless
 * the options give one: such a call is a channel that lasts.
 */
export interface BidiCall<I extends DescMessage, O extends DescMessage> extends AsyncIterable<MessageShape<O>> {
  /** Sends a message; false when the call's buffer is full (the message is still sent). */
  write(message: MessageInitShape<I>): boolean;
  /** No more messages from this side; answers still arrive until the server ends the call. */
  end(): void;
  cancel(): void;
}

export type ServiceImplementation<S extends DescService> = {
  [K in keyof S['method']]: S['method'][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageShape<I>, context: CallContext) => Promise<MessageInitShape<O>>
    : S['method'][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageShape<I>, context: CallContext) => AsyncIterable<MessageInitShape<O>>
      : S['method'][K] extends BidiStreamingMethod<infer I, infer O>
        ? // The messages end when the caller ends its side, cancels, or the server begins to shut down.
          (requests: AsyncIterable<MessageShape<I>>, context: CallContext) => AsyncIterable<MessageInitShape<O>>
        : never;
};

export type ServiceClient<S extends DescService> = {
  [K in keyof S['method']]: S['method'][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : S['method'][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageInitShape<I>, options?: CallOptions) => AsyncIterable<MessageShape<O>>
      : S['method'][K] extends BidiStreamingMethod<infer I, infer O>
        ? (options?: CallOptions) => BidiCall<I, O>
        : never;
};
