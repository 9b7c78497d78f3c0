// A hand-made unary gRPC method with JSON payloads, for tests that need a service without protos
// (grpc-server.test.ts, trace-hop.fixture.ts). Not exported from the package: test support only.
export const jsonCodec = {
  requestSerialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
  requestDeserialize: (b: Buffer) => JSON.parse(b.toString()),
  responseSerialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
  responseDeserialize: (b: Buffer) => JSON.parse(b.toString()),
};

export function jsonUnaryMethod(path: string) {
  return { path, requestStream: false as const, responseStream: false as const, ...jsonCodec };
}
