// Starts the whole fleet on one machine: PostgreSQL (the configured server, or an embedded one),
// one database per service with its SQL migrations applied, every service folder that exists, then
// the gateway; waits for gRPC health and the gateway's /readyz. Used by `npm start` and by the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FLEET, waitForServing, type FleetService } from '@astro/platform';
import { ensureDatabase, runMigrations, startEmbeddedPostgres } from '@astro/platform/db/index';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** `--import` of every fleet process: the OpenTelemetry SDK and the ESM loader hook it needs. */
export const TRACING_REGISTER = '@astro/platform/tracing-register';

export interface FleetOptions {
  /** Admin URL of a PostgreSQL server; unset = embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  gatewayPort: number;
  /** Pick free ports for every process (tests) instead of the FLEET defaults. */
  randomPorts?: boolean;
  /** Database name prefix: <prefix>_<service>. */
  dbPrefix: string;
  /** Extra environment for every process (REDIS_URL, SMTP_URL, ...). */
  env?: Record<string, string | undefined>;
  /** 'inherit' prefixes child output on our stdout; 'files' writes dataDir/logs/<name>.log. */
  output: 'inherit' | 'files';
  embeddedPgPort?: number;
  log?: (line: string) => void;
}

export interface RunningFleet {
  baseUrl: string;
  /** The gateway's admin port (/metrics): never the public port. */
  metricsUrl: string;
  databaseUrl: string;
  services: string[];
  databases: Record<string, string>;
  env: Record<string, string>;
  stop(): Promise<void>;
  /** Tests: stop one service process (SIGTERM, drained) and start it again with the same settings. */
  stopService(name: string): Promise<void>;
  startService(name: string): Promise<void>;
}

/**
 * Limit overrides for fleets that tests and benchmarks share: no plan quota, burst bucket or auth-attempt
 * limit gets in their way (the limit tests start their own gateways with the real plan values).
 */
export const TEST_FLEET_LIMITS: Record<string, string> = {
  PLAN_LIMITS_OVERRIDE: JSON.stringify({
    '*': { burst_capacity: 1e9, refill_per_second: 1e9, daily_quota: 1e9, monthly_quota: 1e9 },
  }),
  AUTH_ATTEMPT_LIMIT: '1000000000',
};

/** Ports this process has handed out: the kernel may offer a just-closed port again. */
const handedOut = new Set<number>();

/**
 * A port free right now and never handed out before by this process: the kernel can offer the same
 * port to two successive probes, and two fleet processes must never be told the same one (our
 * suspect for one test start that ended in "gateway did not become ready" with no request logged).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Service folders that exist and have an entry point. */
export function presentServices(): FleetService[] {
  return FLEET.filter((s) => fs.existsSync(path.join(ROOT, 'services', s.name, 'src', 'main.ts')));
}

function dbUrl(adminUrl: string, db: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The JWT secret shared by the account service and the gateway: configured, or one per data dir. */
function jwtSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startFleet(opts: FleetOptions): Promise<RunningFleet> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const children: { name: string; proc: ChildProcess }[] = [];
  let embedded: { stop(): Promise<void> } | undefined;

  let stopping = false;
  const stop = async () => {
    stopping = true;
    const gone = (c: { proc: ChildProcess }) => c.proc.exitCode !== null || c.proc.signalCode !== null;
    for (const c of [...children].reverse()) if (!gone(c)) c.proc.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (gone(c)) return resolve();
            const t = setTimeout(() => {
              c.proc.kill('SIGKILL');
              resolve();
            }, 12_000);
            c.proc.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
          }),
      ),
    );
    await embedded?.stop();
  };

  try {
    let adminUrl = opts.databaseUrl;
    if (!adminUrl) {
      log('[fleet] starting embedded PostgreSQL');
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(opts.dataDir, 'pg'),
        port: opts.embeddedPgPort ?? 5433,
      });
      embedded = pg;
      adminUrl = pg.url;
    }
    const services = presentServices();
    const databases: Record<string, string> = {};
    const busDb = `${opts.dbPrefix}_bus`;
    await ensureDatabase(adminUrl, busDb);
    for (const s of services) {
      const name = `${opts.dbPrefix}_${s.name.replace(/-/g, '_')}`;
      await ensureDatabase(adminUrl, name);
      databases[s.name] = dbUrl(adminUrl, name);
      const migrations = path.join(ROOT, 'services', s.name, 'migrations');
      if (fs.existsSync(migrations)) await runMigrations(databases[s.name]!, migrations);
    }

    const ports = new Map<string, { grpc: number; metrics: number }>();
    for (const s of services)
      ports.set(
        s.name,
        opts.randomPorts
          ? { grpc: await freePort(), metrics: await freePort() }
          : { grpc: s.grpcPort, metrics: s.metricsPort },
      );
    const addrEnv: Record<string, string> = {};
    for (const s of services) addrEnv[s.addressEnv] = `127.0.0.1:${ports.get(s.name)!.grpc}`;
    // Tests: a service not built yet answers "unavailable" from a port nobody listens on, instead of
    // reaching whatever another fleet on the machine runs on the default port.
    if (opts.randomPorts)
      for (const s of FLEET) if (!addrEnv[s.addressEnv]) addrEnv[s.addressEnv] = `127.0.0.1:${await freePort()}`;
    const gatewayPort = opts.gatewayPort || (await freePort());
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    const gatewayMetricsPort = opts.randomPorts ? await freePort() : 9450;
    const shared: Record<string, string> = {
      ...addrEnv,
      JWT_SECRET: jwtSecret(opts.dataDir, opts.env?.JWT_SECRET),
      BUS_DATABASE_URL: dbUrl(adminUrl, busDb),
      PUBLIC_BASE_URL: opts.env?.PUBLIC_BASE_URL ?? baseUrl,
      MAILBOX_DIR: path.join(opts.dataDir, 'mailbox'),
    };
    for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) shared[k] = v;

    const logsDir = path.join(opts.dataDir, 'logs');
    fs.mkdirSync(logsDir, { recursive: true });
    const launch = (name: string, entry: string, env: Record<string, string>) => {
      // The OpenTelemetry SDK is installed before the entry's modules load (tracing-register.ts).
      const proc = spawn(process.execPath, ['--import', 'tsx', '--import', TRACING_REGISTER, entry], {
        cwd: ROOT,
        env: { ...process.env, OTEL_SERVICE_NAME: name, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (opts.output === 'files') {
        const file = fs.createWriteStream(path.join(logsDir, `${name}.log`), { flags: 'a' });
        proc.stdout!.pipe(file);
        proc.stderr!.pipe(file);
      } else {
        const prefix = (chunk: Buffer) =>
          chunk
            .toString()
            .split('\n')
            .filter(Boolean)
            .forEach((l) => process.stdout.write(`[${name}] ${l}\n`));
        proc.stdout!.on('data', prefix);
        proc.stderr!.on('data', prefix);
      }
      children.push({ name, proc });
      proc.once('exit', (code, signal) => {
        if (!stopping) log(`[fleet] ${name} exited (${signal ?? `code ${code}`})`);
      });
      return proc;
    };

    const serviceEnv = (name: string) => ({
      ...shared,
      GRPC_PORT: String(ports.get(name)!.grpc),
      METRICS_PORT: String(ports.get(name)!.metrics),
      DATABASE_URL: databases[name]!,
    });
    for (const s of services) launch(s.name, `services/${s.name}/src/main.ts`, serviceEnv(s.name));
    const exited = (name: string) => {
      const c = children.find((x) => x.name === name)!;
      return new Promise<false>((resolve) => {
        if (c.proc.exitCode !== null) resolve(false);
        c.proc.once('exit', () => resolve(false));
      });
    };
    for (const s of services) {
      // A process that dies at boot (port taken, bad config) fails the start at once.
      const ok = await Promise.race([waitForServing(addrEnv[s.addressEnv]!, 180_000), exited(s.name)]);
      if (!ok)
        throw new Error(
          `service ${s.name} did not become healthy (see ${opts.output === 'files' ? path.join(logsDir, `${s.name}.log`) : 'its output above'})`,
        );
      log(`[fleet] ${s.name} serving on ${addrEnv[s.addressEnv]}`);
    }
    const gateway = launch('gateway', 'gateway/src/main.ts', {
      ...shared,
      PORT: String(gatewayPort),
      METRICS_PORT: String(gatewayMetricsPort),
      PROTO_DIR: path.join(ROOT, 'protos'),
    });
    const until = Date.now() + 60_000;
    for (;;) {
      try {
        const r = await fetch(`${baseUrl}/readyz`);
        if (r.ok) break;
      } catch {
        /* not listening yet */
      }
      const where = opts.output === 'files' ? path.join(logsDir, 'gateway.log') : 'its output above';
      if (gateway.exitCode !== null) throw new Error(`the gateway exited at boot (see ${where})`);
      if (Date.now() > until) throw new Error(`gateway did not become ready (see ${where})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const stopService = async (name: string) => {
      const c = children.find((x) => x.name === name && x.proc.exitCode === null && x.proc.signalCode === null);
      if (!c) return;
      await new Promise<void>((resolve) => {
        c.proc.once('exit', () => resolve());
        c.proc.kill('SIGTERM');
      });
    };
    const startService = async (name: string) => {
      const s = services.find((x) => x.name === name);
      if (!s) throw new Error(`no service ${name}`);
      if (children.some((x) => x.name === name && x.proc.exitCode === null && x.proc.signalCode === null)) return;
      launch(name, `services/${name}/src/main.ts`, serviceEnv(name));
      if (!(await waitForServing(addrEnv[s.addressEnv]!, 120_000))) throw new Error(`service ${name} did not restart`);
    };
    return {
      baseUrl,
      metricsUrl: `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
      databaseUrl: adminUrl,
      services: services.map((s) => s.name),
      databases,
      env: shared,
      stop,
      stopService,
      startService,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
