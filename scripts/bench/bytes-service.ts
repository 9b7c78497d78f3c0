// A grpc-js service of one unary method `get` that carries raw bytes both ways (no protobuf), for the
// benches that measure the gRPC hop alone (grpc-window.ts, floor.ts).
import type * as grpc from '@grpc/grpc-js';

const identity = (b: Buffer) => b;

export function bytesService(path: string): grpc.ServiceDefinition {
  return {
    get: {
      path,
      requestStream: false,
      responseStream: false,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    },
  } as grpc.ServiceDefinition;
}
