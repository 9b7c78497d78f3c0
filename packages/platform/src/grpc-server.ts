// gRPC server bootstrap: typed async handlers, the standard grpc.health.v1 service, request context,
// one error translation (AppError -> gRPC status), metrics, and graceful shutdown that drains
// in-flight calls on SIGTERM before exiting.
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { runWithContext } from './context.ts';
import { activeTrace, traceGrpcServe, type TraceParent } from './trace.ts';
import { AppError, toGrpcError } from './errors.ts';
import { fastHttpBodySerializer } from './http-body.ts';
import { uuidv7 } from './ids.ts';
import { INSTANCE_ID, INSTANCE_METADATA_KEY } from './instance.ts';
import type { Logger } from './logger.ts';
import { grpcServerHandled, grpcServerLatency } from './metrics.ts';
import { readPrincipal, REQUEST_ID_METADATA_KEY, type Principal } from './principal.ts';

export interface CallContext {
  requestId: string;
  /** This call's server span (traceGrpcServe continues the caller's traceparent). */
  trace: TraceParent | undefined;
  principal: Principal | undefined;
  metadata: grpc.Metadata;
  /** Set when the client cancelled or the deadline passed. */
  cancelled: () => boolean;
  /** Aborted when the client cancels (a long-lived stream ends its work on it). */
  signal: AbortSignal;
}

type Def = grpc.MethodDefinition<any, any> & { requestStream: boolean; responseStream: boolean };
type Req<M> = M extends grpc.MethodDefinition<infer Q, any> ? Q : never;
type Res<M> = M extends grpc.MethodDefinition<any, infer R> ? R : never;

export type Handlers<S extends Record<string, Def>> = {
  [K in keyof S]: S[K]['responseStream'] extends true
    ? (req: Req<S[K]>, ctx: CallContext, send: (msg: Res<S[K]>) => boolean) => Promise<void>
    : (req: Req<S[K]>, ctx: CallContext) => Promise<Res<S[K]>>;
};

export interface Registration {
  name: string; // fully-qualified service name, for health and metrics
  definition: Record<string, Def>;
  handlers: Record<string, (...args: any[]) => Promise<any>>;
}

/** Pairs a ts-proto service definition with async handlers (type-checked per method). */
export function service<S extends Record<string, Def>>(
  name: string,
  definition: S,
  handlers: Handlers<S>,
): Registration {
  return { name, definition, handlers: handlers as Registration['handlers'] };
}

/** The one reason every cancelled call's signal carries (abort() without one makes a DOMException each time). */
const CALL_CANCELLED = new DOMException('The client cancelled the call or its deadline passed.', 'AbortError');

/**
 * The call's abort signal, made when a handler first asks for it: few do (streams, long waits), while an
 * AbortController and its 'cancelled' listener per call showed in every service's profile (issue 18).
 */
function lazySignal(call: grpc.ServerUnaryCall<any, any> | grpc.ServerWritableStream<any, any>): () => AbortSignal {
  let abort: AbortController | undefined;
  return () => {
    if (!abort) {
      abort = new AbortController();
      if (call.cancelled) abort.abort(CALL_CANCELLED);
      else call.once('cancelled', () => abort!.abort(CALL_CANCELLED));
    }
    return abort.signal;
  };
}

function contextOf(call: grpc.ServerUnaryCall<any, any> | grpc.ServerWritableStream<any, any>): CallContext {
  const rid = call.metadata.get(REQUEST_ID_METADATA_KEY)[0];
  const signal = lazySignal(call);
  return {
    get signal() {
      return signal();
    },
    requestId: typeof rid === 'string' && rid ? rid : uuidv7(),
    trace: activeTrace(),
    principal: readPrincipal(call.metadata),
    metadata: call.metadata,
    cancelled: () => call.cancelled,
  };
}

/** The caller's deadline in epoch ms (grpc-js hands a Date, a number, or Infinity when there is none). */
function deadlineOf(call: { getDeadline(): grpc.Deadline }): number | undefined {
  const d = call.getDeadline();
  const ms = d instanceof Date ? d.getTime() : d;
  return Number.isFinite(ms) ? ms : undefined;
}

function wrap(reg: Registration, methodName: string, def: Def, logger: Logger): grpc.UntypedHandleCall {
  const handler = reg.handlers[methodName];
  if (!handler) throw new Error(`${reg.name}: no handler for ${methodName}`);
  const method = def.path.split('/').pop() ?? methodName;
  // A handler that stops because its client went away is not a failure worth an error line.
  const report = (err: unknown, cancelled = false) => {
    if (!(err instanceof AppError) && !cancelled) logger.error('unhandled error in handler', { method: def.path, err });
    return toGrpcError(err);
  };
  /** Runs `work` for one call in its server span and request context; `done` records how it ended. */
  const serve = (
    call: grpc.ServerUnaryCall<any, any> | grpc.ServerWritableStream<any, any>,
    work: (ctx: CallContext, done: (code: grpc.status) => void) => Promise<void>,
  ) =>
    traceGrpcServe(def.path, call.metadata, (endSpan) => {
      const ctx = contextOf(call);
      const started = process.hrtime.bigint();
      const done = (code: grpc.status) => {
        endSpan(code);
        grpcServerHandled.inc({ service: reg.name, method, code: code === grpc.status.OK ? 'OK' : String(code) });
        grpcServerLatency.observe({ service: reg.name, method }, Number(process.hrtime.bigint() - started) / 1e9);
      };
      void runWithContext(
        { requestId: ctx.requestId, tenantId: ctx.principal?.tenant_id, deadline: deadlineOf(call) },
        () => work(ctx, done),
      );
    });
  if (def.responseStream) {
    return (call: grpc.ServerWritableStream<any, any>) =>
      serve(call, async (ctx, done) => {
        try {
          await handler(call.request, ctx, (msg: unknown) => call.write(msg));
          call.end();
          done(grpc.status.OK);
        } catch (err) {
          const e = report(err, call.cancelled);
          done(e.code ?? grpc.status.UNKNOWN);
          // Not destroy(): a destroyed stream never runs _final, so the status would never be sent and
          // the client would wait for its deadline. The stream's own 'error' listener records the
          // status and ends the call with it (before or after messages were written).
          if (!call.cancelled) call.emit('error', Object.assign(new Error(e.details), e));
        }
      });
  }
  return (call: grpc.ServerUnaryCall<any, any>, callback: grpc.sendUnaryData<any>) =>
    serve(call, async (ctx, done) => {
      try {
        const res = await handler(call.request, ctx);
        done(grpc.status.OK);
        callback(null, res);
      } catch (err) {
        const e = report(err);
        done(e.code ?? grpc.status.UNKNOWN);
        callback(e as grpc.ServiceError, null);
      }
    });
}

export interface RunningServer {
  server: grpc.Server;
  port: number;
  health: HealthImplementation;
  /** Stops accepting calls, lets in-flight ones finish (up to graceMs), then exits the server. */
  shutdown(graceMs?: number): Promise<void>;
}

export interface ServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  services: Registration[];
  maxMessageBytes?: number;
  /**
   * On shutdown, health turns NOT_SERVING this long before the server stops accepting calls, so load
   * balancers and Kubernetes endpoints stop routing here first (in-flight calls always finish).
   */
  shutdownDelayMs?: number;
  /**
   * Runs when draining starts: ends calls that would otherwise hold the drain open for the whole grace
   * period (a watch stream that never ends by itself), so their clients move to another replica.
   */
  onDrain?: () => void;
}

export async function startGrpcServer(opts: ServerOptions): Promise<RunningServer> {
  const max = opts.maxMessageBytes ?? 16 * 1024 * 1024;
  // so_reuseport off: a second process on the same port must fail at boot, not share the port silently.
  const server = new grpc.Server({
    'grpc.max_receive_message_length': max,
    'grpc.max_send_message_length': max,
    'grpc.so_reuseport': 0,
    'grpc.enable_channelz': 0, // as the clients (grpc-client.ts channelOptions)
    // Every answer (health checks included) names this process, so a launcher can tell whether the
    // server on a port is the one it started.
    interceptors: [
      (_method, call) =>
        new grpc.ServerInterceptingCall(call, {
          sendMetadata: (metadata, next) => {
            metadata.set(INSTANCE_METADATA_KEY, INSTANCE_ID);
            next(metadata);
          },
        }),
    ],
  });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  for (const reg of opts.services) {
    const impl: grpc.UntypedServiceImplementation = {};
    const definition: Record<string, Def> = {};
    for (const [name, def] of Object.entries(reg.definition)) {
      impl[name] = wrap(reg, name, def, opts.logger);
      definition[name] = { ...def, responseSerialize: fastHttpBodySerializer(def.responseSerialize) };
    }
    server.addService(definition as grpc.ServiceDefinition, impl);
    health.setStatus(reg.name, 'SERVING');
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${opts.host ?? '0.0.0.0'}:${opts.port}`, grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  health.setStatus('', 'SERVING');
  let stopping: Promise<void> | undefined;
  const shutdown = (graceMs = 10_000) =>
    (stopping ??= new Promise<void>((resolve) => {
      health.setStatus('', 'NOT_SERVING');
      for (const reg of opts.services) health.setStatus(reg.name, 'NOT_SERVING');
      setTimeout(() => drain(resolve, graceMs), opts.shutdownDelayMs ?? 0);
    }));
  const drain = (resolve: () => void, graceMs: number) => {
    opts.onDrain?.();
    const force = setTimeout(() => {
      opts.logger.warn('grace period over; cancelling remaining calls');
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  };
  return { server, port, health, shutdown };
}

/**
 * Installs SIGTERM/SIGINT handlers that drain the server, run `cleanup` (close pools, the bus, ...)
 * and exit. The process keeps answering in-flight calls while it drains.
 */
export function handleSignals(
  logger: Logger,
  running: RunningServer,
  cleanup: () => Promise<void> = async () => {},
): void {
  let done = false;
  const stop = async (signal: string) => {
    if (done) return;
    done = true;
    logger.info('shutting down', { signal });
    await running.shutdown();
    try {
      await cleanup();
    } catch (err) {
      logger.error('cleanup failed', { err });
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
