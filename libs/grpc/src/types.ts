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

export type ServiceImplementation<S extends DescService> = {
  [K in keyof S['method']]: S['method'][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageShape<I>, context: CallContext) => Promise<MessageInitShape<O>>
    : S['method'][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageShape<I>, context: CallContext) => AsyncIterable<MessageInitShape<O>>
      : never;
};

export type ServiceClient<S extends DescService> = {
  [K in keyof S['method']]: S['method'][K] extends UnaryMethod<infer I, infer O>
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : S['method'][K] extends ServerStreamingMethod<infer I, infer O>
      ? (request: MessageInitShape<I>, options?: CallOptions) => AsyncIterable<MessageShape<O>>
      : never;
};
