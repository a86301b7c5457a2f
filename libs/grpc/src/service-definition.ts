// Turns a protobuf-es service descriptor into a grpc-js ServiceDefinition: the only place where
// messages are serialized, always with the generated schemas (toBinary/fromBinary).
import { fromBinary, toBinary, type DescMessage, type DescMethod, type DescService, type MessageShape } from '@bufbuild/protobuf';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';

export function methodPath(service: DescService, method: DescMethod): string {
  return `/${service.typeName}/${method.name}`;
}

export function serializerFor<D extends DescMessage>(schema: D): (message: MessageShape<D>) => Buffer {
  return (message) => Buffer.from(toBinary(schema, message));
}

export function deserializerFor<D extends DescMessage>(schema: D): (bytes: Buffer) => MessageShape<D> {
  return (bytes) => fromBinary(schema, bytes);
}

export function methodDefinition(
  service: DescService,
  method: DescMethod,
): MethodDefinition<MessageShape<DescMessage>, MessageShape<DescMessage>> {
  return {
    path: methodPath(service, method),
    originalName: method.localName,
    requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
    responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
    requestSerialize: serializerFor(method.input),
    requestDeserialize: deserializerFor(method.input),
    responseSerialize: serializerFor(method.output),
    responseDeserialize: deserializerFor(method.output),
  };
}

export function toServiceDefinition(service: DescService): ServiceDefinition {
  return Object.fromEntries(service.methods.map((method) => [method.localName, methodDefinition(service, method)]));
}
