// Client side of grpc.health.v1: the gateway's /readyz and the launcher wait on it. The launcher also
// reads the instance id every platform gRPC server sends (instance.ts), to know who answered.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath } from 'grpc-health-check';
import { INSTANCE_METADATA_KEY } from './instance.ts';
import { grpcTarget } from './grpc-client.ts';

type HealthClient = grpc.Client & {
  check(
    req: { service: string },
    opts: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: { status: string }) => void,
  ): grpc.ClientUnaryCall;
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

function clientFor(address: string): HealthClient {
  let client = clients.get(address);
  if (!client) {
    const Ctor = healthCtor();
    client = new Ctor(grpcTarget(address), grpc.credentials.createInsecure()) as unknown as HealthClient;
    clients.set(address, client);
  }
  return client;
}

/** 'SERVING' | 'NOT_SERVING' | 'UNKNOWN' | 'UNREACHABLE' for a gRPC server's overall health. */
export async function checkHealth(address: string, timeoutMs = 1000, service = ''): Promise<string> {
  return (await checkInstance(address, timeoutMs, service)).status;
}

/**
 * The health status and the instance id of the process answering on `address` (undefined when the
 * server sends none: not a platform server, or unreachable).
 */
export function checkInstance(
  address: string,
  timeoutMs = 1000,
  service = '',
): Promise<{ status: string; instance: string | undefined }> {
  return new Promise((resolve) => {
    let instance: string | undefined;
    const call = clientFor(address).check({ service }, { deadline: new Date(Date.now() + timeoutMs) }, (err, res) =>
      resolve({ status: err ? 'UNREACHABLE' : (res?.status ?? 'UNKNOWN'), instance }),
    );
    call.on('metadata', (md: grpc.Metadata) => {
      const v = md.get(INSTANCE_METADATA_KEY)[0];
      if (v !== undefined) instance = String(v);
    });
  });
}

/** Closes the cached health client of `address` (a launcher done with a fleet). */
export function closeHealthClient(address: string): void {
  clients.get(address)?.close();
  clients.delete(address);
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
