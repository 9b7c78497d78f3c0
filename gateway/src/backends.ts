// One gRPC channel per fleet service and generic calls that encode/decode with the proto types the
// routes were built from. Deadlines on every call; request id and principal travel as metadata.
import * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import {
  AppError,
  channelOptions,
  fromGrpcError,
  addressOf,
  backendRetries,
  ERROR_METADATA_KEY,
  grpcTarget,
  serviceForPackage,
  REQUEST_ID_METADATA_KEY,
  traceGrpcCall,
  writePrincipal,
  type FleetService,
  type Principal,
} from '@astro/platform';
import { TO_OBJECT_OPTIONS } from './json-codec.ts';

export interface CallTarget {
  protoPackage: string;
  grpcPath: string;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
}

/** The call target of an unrouted RPC, `Service/Method` under a fully-qualified service name. */
export function internalTarget(root: protobuf.Root, service: string, method: string): CallTarget {
  const m = root.lookupService(service).methods[method]!;
  m.resolve();
  return {
    protoPackage: service.split('.').slice(0, -1).join('.'),
    grpcPath: `/${service}/${method}`,
    requestType: m.resolvedRequestType!,
    responseType: m.resolvedResponseType!,
  };
}

export interface CallMeta {
  requestId: string;
  principal?: Principal;
  deadlineMs: number;
  /**
   * The call may be sent twice (GET or an RPC marked idempotent): one retry on a transport UNAVAILABLE
   * (the replica went away mid-rollout), within the same deadline. Never set for a non-idempotent write.
   */
  retryUnavailable?: boolean;
  /** Extra metadata (client address, ...); traceparent is added by traceGrpcCall. */
  extra?: Record<string, string>;
}

/** UNAVAILABLE from the transport (connection refused or reset), not a service's own 503 error. */
export function isTransportUnavailable(err: unknown): boolean {
  const e = err as Partial<grpc.ServiceError>;
  return e?.code === grpc.status.UNAVAILABLE && !(e.metadata?.get(ERROR_METADATA_KEY).length ?? 0);
}

const RETRY_PAUSE_MS = 50;
/** How long the one retry waits for a READY replica before answering as the first try did. */
const RETRY_READY_MS = 1500;

interface Codec {
  serialize(obj: Record<string, unknown>): Buffer;
  deserialize(buf: Buffer): Record<string, unknown>;
}

function makeCodec(t: CallTarget): Codec {
  const passthrough = t.responseType.fullName === '.google.api.HttpBody';
  return {
    serialize: (obj: Record<string, unknown>) =>
      Buffer.from(t.requestType.encode(t.requestType.fromObject(obj)).finish()),
    // An HttpBody keeps its bytes as they are (no base64 round trip of a multi-megabyte body).
    deserialize: (buf: Buffer) =>
      passthrough
        ? (t.responseType.decode(buf) as unknown as Record<string, unknown>)
        : t.responseType.toObject(t.responseType.decode(buf), TO_OBJECT_OPTIONS),
  };
}

export class Backends {
  private readonly clients = new Map<string, grpc.Client>();

  constructor(private readonly env: Record<string, string | undefined>) {}

  private clientFor(protoPackage: string): grpc.Client {
    const svc = serviceForPackage(protoPackage);
    if (!svc) throw new AppError('not_implemented', `No service serves ${protoPackage}`);
    let client = this.clients.get(svc.name);
    if (!client) {
      client = new grpc.Client(
        grpcTarget(addressOf(svc, this.env)),
        grpc.credentials.createInsecure(),
        channelOptions(),
      );
      this.clients.set(svc.name, client);
    }
    return client;
  }

  /** Addresses of the services the given packages need (for /readyz). */
  addressesFor(protoPackages: Iterable<string>): Map<string, string> {
    const out = new Map<string, string>();
    for (const p of protoPackages) {
      const svc: FleetService | undefined = serviceForPackage(p);
      if (svc) out.set(svc.name, addressOf(svc, this.env));
    }
    return out;
  }

  private metadata(meta: CallMeta, waitForReady = false): grpc.Metadata {
    const md = new grpc.Metadata(waitForReady ? { waitForReady: true } : undefined);
    md.set(REQUEST_ID_METADATA_KEY, meta.requestId);
    if (meta.principal) writePrincipal(md, meta.principal);
    for (const [k, v] of Object.entries(meta.extra ?? {})) md.set(k, v);
    return md;
  }

  /** Per call target, made once: the serialiser pair grpc-js calls for every message. */
  private readonly codecs = new WeakMap<CallTarget, Codec>();

  private codec(t: CallTarget): Codec {
    let c = this.codecs.get(t);
    if (!c) this.codecs.set(t, (c = makeCodec(t)));
    return c;
  }

  async unary(t: CallTarget, request: Record<string, unknown>, meta: CallMeta): Promise<Record<string, unknown>> {
    const deadline = Date.now() + meta.deadlineMs;
    try {
      return await this.unaryOnce(t, request, meta, deadline);
    } catch (err) {
      if (!meta.retryUnavailable || !isTransportUnavailable(err) || Date.now() >= deadline)
        throw fromGrpcError(err as grpc.ServiceError);
      backendRetries.inc({ service: t.protoPackage });
      // A moment for the channel to see the connection drop, then wait for a READY replica (round_robin
      // picks only those) rather than fail fast: all of it still under the call's deadline.
      await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
      // The wait for a READY replica is bounded: when none comes (the service is down, not rolling), the
      // caller gets the first try's 503 service_unavailable in time, not a 504 at the deadline.
      const readyBy = Math.min(deadline, Date.now() + RETRY_READY_MS);
      try {
        return await this.unaryOnce(t, request, meta, readyBy, true);
      } catch (again) {
        const e = again as grpc.ServiceError;
        const noReplica = e.code === grpc.status.DEADLINE_EXCEEDED && readyBy < deadline;
        throw fromGrpcError(noReplica ? (err as grpc.ServiceError) : e);
      }
    }
  }

  private unaryOnce(
    t: CallTarget,
    request: Record<string, unknown>,
    meta: CallMeta,
    deadline: number,
    waitForReady = false,
  ): Promise<Record<string, unknown>> {
    const client = this.clientFor(t.protoPackage);
    const { serialize, deserialize } = this.codec(t);
    const md = this.metadata(meta, waitForReady);
    const endSpan = traceGrpcCall(t.grpcPath, md);
    return new Promise((resolve, reject) => {
      client.makeUnaryRequest(
        t.grpcPath,
        serialize,
        deserialize,
        request,
        md,
        { deadline: new Date(deadline) },
        (err, res) => {
          endSpan(err ? err.code : grpc.status.OK);
          if (err) reject(err);
          else resolve(res as Record<string, unknown>);
        },
      );
    });
  }

  /** Server-streaming call; the returned stream emits decoded messages. */
  stream(
    t: CallTarget,
    request: Record<string, unknown>,
    meta: CallMeta,
  ): grpc.ClientReadableStream<Record<string, unknown>> {
    const client = this.clientFor(t.protoPackage);
    const { serialize, deserialize } = this.codec(t);
    const md = this.metadata(meta);
    const endSpan = traceGrpcCall(t.grpcPath, md);
    const call = client.makeServerStreamRequest(t.grpcPath, serialize, deserialize, request, md, {
      deadline: new Date(Date.now() + meta.deadlineMs),
    });
    call.once('status', (s: grpc.StatusObject) => endSpan(s.code));
    return call;
  }

  close(): void {
    for (const c of this.clients.values()) c.close();
  }
}
