// The common tail of every service's main.ts: serve its gRPC services, expose /metrics, log where it
// listens, and on SIGTERM/SIGINT drain the server, then release what the service opened. One place so
// that every service starts and stops the same way (the launcher, k8s probes and drills rely on it).
import { leanAsyncResourceBinding } from './async-resource-bind.ts';
import { handleSignals, startGrpcServer, type Registration, type RunningServer } from './grpc-server.ts';
import type { Logger } from './logger.ts';
import { startMetricsServer } from './metrics.ts';

export interface ServeOptions {
  /** The service name, as in its logs and metrics. */
  name: string;
  logger: Logger;
  config: { GRPC_PORT: number; METRICS_PORT: number; SHUTDOWN_DELAY_MS: number };
  services: Registration[];
  maxMessageBytes?: number;
  /** Extra fields of the "listening" log line (ephemeris mode, mail transport, ...). */
  details?: Record<string, unknown>;
  /** Runs when the server starts draining (ServerOptions.onDrain: ends endless watch streams). */
  onDrain?: () => void;
  /** Runs after the server has drained: close buses, pools and clients. */
  cleanup?: () => Promise<void>;
}

export async function serveService(o: ServeOptions): Promise<RunningServer> {
  leanAsyncResourceBinding(); // every gRPC call this service makes to another binds one (async-resource-bind.ts)
  const running = await startGrpcServer({
    port: o.config.GRPC_PORT,
    logger: o.logger,
    services: o.services,
    shutdownDelayMs: o.config.SHUTDOWN_DELAY_MS,
    onDrain: o.onDrain,
    ...(o.maxMessageBytes ? { maxMessageBytes: o.maxMessageBytes } : {}),
  });
  const metrics = startMetricsServer(o.config.METRICS_PORT);
  o.logger.info(`${o.name} listening`, { grpc_port: running.port, metrics_port: o.config.METRICS_PORT, ...o.details });
  handleSignals(o.logger, running, async () => {
    metrics?.close();
    await o.cleanup?.();
  });
  return running;
}
