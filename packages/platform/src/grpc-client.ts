// gRPC clients with deadlines. Every call carries the current request id (and, from the gateway, the
// principal) as metadata and fails with an AppError restored from the service's status.
import * as grpc from '@grpc/grpc-js';
import { currentContext } from './context.ts';
import { fromGrpcError } from './errors.ts';
import { REQUEST_ID_METADATA_KEY } from './principal.ts';
import { traceGrpcCall } from './trace.ts';

export const DEFAULT_DEADLINE_MS = 10_000;

export function channelOptions(maxMessageBytes = 16 * 1024 * 1024): grpc.ChannelOptions {
  return {
    'grpc.max_receive_message_length': maxMessageBytes,
    'grpc.max_send_message_length': maxMessageBytes,
    'grpc.keepalive_time_ms': 30_000,
    // No channelz bookkeeping (per-call counters and Date stamps on the channel, subchannel and socket):
    // nothing here reads channelz, and it cost 4-7 % of a unary call's CPU, both ends in one process
    // (scripts/bench/channelz.ts: medians 272 vs 260 and 297 vs 278 µs, issue 18). Servers too (grpc-server.ts).
    'grpc.enable_channelz': 0,
    // The receive window (HTTP/2 flow control) as large as the largest message: with Node's 64 KB
    // default a 3 MB answer (Vimshottari depth 4) waits for ~48 WINDOW_UPDATE round trips between two
    // busy event loops. A 3 MB answer within one process: p50 11.2 -> 5.3 ms on a loaded machine
    // (scripts/bench/grpc-window.ts).
    'grpc-node.flow_control_window': maxMessageBytes,
    // A peer that was down (a restart, a rollout) is dialled again within a second of its return. The
    // library's default backoff grows to 120 s, so a gateway could answer 503 for minutes after a
    // service came back; in a cluster a reconnect attempt costs next to nothing.
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 1000,
    // Spread calls over every address of the target (grpcTarget) and skip the ones not READY: a replica
    // that is draining (GOAWAY after its health turned NOT_SERVING) or gone gets no new calls.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  };
}

/**
 * The gRPC target for an address setting: `host:port` as it is, or a comma list of `ip:port` replicas
 * (`127.0.0.1:50061,127.0.0.1:50062`) as one `ipv4:` target that round_robin balances over.
 */
export function grpcTarget(address: string): string {
  const list = address
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return list.length > 1 ? `ipv4:${list.join(',')}` : (list[0] ?? address);
}

export function outgoingMetadata(extra?: (md: grpc.Metadata) => void): grpc.Metadata {
  const md = new grpc.Metadata();
  const ctx = currentContext();
  if (ctx) md.set(REQUEST_ID_METADATA_KEY, ctx.requestId);
  extra?.(md);
  return md;
}

type UnaryMethod<Req, Res> = (
  req: Req,
  md: grpc.Metadata,
  opts: Partial<grpc.CallOptions>,
  cb: (err: grpc.ServiceError | null, res: Res) => void,
) => grpc.ClientUnaryCall;

/** The method paths of ts-proto client methods, found once per method. */
const methodPaths = new WeakMap<object, string>();

/** The gRPC path (`/astro.chart.v1.ChartReaderService/ReadChart`) of a ts-proto client's method. */
function methodPath(client: grpc.Client, method: object): string {
  let path = methodPaths.get(method);
  if (path === undefined) {
    const definition = (client.constructor as Partial<grpc.ServiceClientConstructor>).service ?? {};
    const key = Object.keys(definition).find((k) => (client as unknown as Record<string, unknown>)[k] === method);
    path = key ? definition[key]!.path : '/unknown';
    methodPaths.set(method, path);
  }
  return path;
}

/** Promisified unary call on a ts-proto client, with a deadline and the request id. */
export function unary<Req, Res>(
  client: grpc.Client,
  method: UnaryMethod<Req, Res>,
  req: Req,
  opts: { deadlineMs?: number; metadata?: grpc.Metadata } = {},
): Promise<Res> {
  const md = opts.metadata ?? outgoingMetadata();
  // Deadline propagation: a call made while serving another never outlives its caller's deadline.
  const own = Date.now() + (opts.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const inherited = currentContext()?.deadline;
  const deadline = new Date(inherited === undefined ? own : Math.min(own, inherited));
  // ts-proto's client methods are named after the method; its path is on the client's service definition.
  const endSpan = traceGrpcCall(methodPath(client, method), md);
  return new Promise<Res>((resolve, reject) => {
    method.call(client, req, md, { deadline }, (err, res) => {
      endSpan(err ? err.code : grpc.status.OK);
      if (err) reject(fromGrpcError(err));
      else resolve(res);
    });
  });
}
