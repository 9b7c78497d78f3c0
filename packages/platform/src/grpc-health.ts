// Client side of grpc.health.v1: the gateway's /readyz and the launcher wait on it.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath } from 'grpc-health-check';
import { grpcTarget } from './grpc-client.ts';

type HealthClient = grpc.Client & {
  check(
    req: { service: string },
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: { status: string }) => void,
  ): void;
};

let HealthCtor: grpc.ServiceClientConstructor | undefined;
function healthCtor(): grpc.ServiceClientConstructor {
  if (!HealthCtor) {
    const def = protoLoader.loadSync(protoPath, { keepCase: true, enums: String, defaults: true });
    const pkg = grpc.loadPackageDefinition(def) as any;
    HealthCtor = pkg.grpc.health.v1.Health as grpc.ServiceClientConstructor;
  }
  return HealthCtor;
}

const clients = new Map<string, HealthClient>();

/** 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'UNREACHABLE' for a gRPC server's overall health. */
export function checkHealth(address: string, timeoutMs = 1000, service = ''): Promise<string> {
  let client = clients.get(address);
  if (!client) {
    const Ctor = healthCtor();
    client = new Ctor(grpcTarget(address), grpc.credentials.createInsecure()) as unknown as HealthClient;
    clients.set(address, client);
  }
  return new Promise((resolve) => {
    client.check({ service }, { deadline: new Date(Date.now() + timeoutMs) }, (err, res) =>
      resolve(err ? 'UNREACHABLE' : (res?.status ?? 'UNKNOWN')),
    );
  });
}

/** Waits until the server reports SERVING or the deadline passes. */
export async function waitForServing(address: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await checkHealth(address, 1000)) === 'SERVING') return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
