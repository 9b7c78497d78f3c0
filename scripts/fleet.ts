// Starts the whole fleet on one machine: PostgreSQL (the configured server, or an embedded one),
// one database per service with its SQL migrations applied, every service folder that exists, then
// the gateway; waits for gRPC health and the gateway's /readyz. Used by `npm start` and by the tests.
// Each process gets an instance id (INSTANCE_ID) that its health answers report: the launcher only
// calls a process up when the answer on its port comes from the process it started, and names the
// port's holder otherwise (a second fleet on the same ports used to report success while its services
// had died with EADDRINUSE and its gateway talked to the first fleet's services).
// FLEET_RUNTIME=dist runs the compiled JavaScript (`npm run build`) instead of the sources under tsx.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  checkInstance,
  closeHealthClient,
  FLEET,
  V8_FLAGS,
  withMallocTunables,
  type FleetService,
} from '@astro/platform';
import { ensureDatabase, runMigrations, startEmbeddedPostgres } from '@astro/platform/db/index';

/** The workspace root, from scripts/ or from its compiled copy under scripts/dist/. */
export const ROOT = (() => {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'pnpm-workspace.yaml')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();

/** `--import` of every fleet process: the OpenTelemetry SDK and the ESM loader hook it needs. */
export const TRACING_REGISTER = '@astro/platform/tracing-register';

/** How the fleet's processes run: the TypeScript sources under tsx, or the compiled output. */
export type FleetRuntime = 'tsx' | 'dist';

/** The FLEET_RUNTIME setting: tsx (default) or dist. */
export function runtimeFromEnv(value = process.env.FLEET_RUNTIME): FleetRuntime {
  if (!value || value === 'tsx') return 'tsx';
  if (value === 'dist') return 'dist';
  throw new Error(`FLEET_RUNTIME=${value}: unknown value (use dist, or tsx / unset for the sources)`);
}

/**
 * Node arguments that start a process of the workspace: `entry` is its source path
 * (services/chart/src/main.ts); with 'dist' the compiled file, its imports of workspace packages
 * (the tracing hook included) resolved to their dist files through the `astro-dist` export condition.
 * The OpenTelemetry SDK is installed before the entry's modules load (tracing-register.ts).
 */
export function nodeArgs(entry: string, runtime: FleetRuntime): string[] {
  // The process's V8 flags (services.ts V8_FLAGS), by the folder of its entry.
  const v8 = V8_FLAGS[/^(?:services\/)?([a-z-]+)\//.exec(entry)?.[1] ?? ''] ?? [];
  if (runtime === 'tsx') return [...v8, '--import', 'tsx', '--import', TRACING_REGISTER, entry];
  const compiled = entry.replace(/(^|\/)src\//, '$1dist/').replace(/\.ts$/, '.js');
  if (!fs.existsSync(path.join(ROOT, compiled)))
    throw new Error(`FLEET_RUNTIME=dist: ${compiled} is missing; run \`npm run build\` first`);
  return [...v8, '--conditions=astro-dist', '--import', TRACING_REGISTER, compiled];
}

export interface FleetOptions {
  /** Admin URL of a PostgreSQL server; unset = embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  gatewayPort: number;
  /**
   * Pick free ports for every service (tests, FLEET_PORTS=free) instead of the FLEET defaults; the
   * gateway stays on gatewayPort (a free one when 0).
   */
  randomPorts?: boolean;
  /** Explicit ports for some services (tests), over the defaults or the free ones. */
  portOverrides?: Record<string, { grpc: number; metrics: number }>;
  /** tsx (default: FLEET_RUNTIME) or the compiled output. */
  runtime?: FleetRuntime;
  /** With the compiled runtime: run `npm run build` first so the output is never stale (default true). */
  build?: boolean;
  /** Database name prefix: <prefix>_<service>. */
  dbPrefix: string;
  /** Extra environment for every process (REDIS_URL, SMTP_URL, ...). */
  env?: Record<string, string | undefined>;
  /** Extra Node flags for every process (the bench's --cpu-prof: not allowed in NODE_OPTIONS). */
  nodeFlags?: string[];
  /** 'inherit' prefixes child output on our stdout; 'files' writes dataDir/logs/<name>.log. */
  output: 'inherit' | 'files';
  embeddedPgPort?: number;
  log?: (line: string) => void;
}

export interface RunningFleet {
  baseUrl: string;
  runtime: FleetRuntime;
  /** Process name -> the INSTANCE_ID it was started with. */
  instances: Record<string, string>;
  /** The gateway's admin port (/metrics): never the public port. */
  metricsUrl: string;
  databaseUrl: string;
  services: string[];
  databases: Record<string, string>;
  env: Record<string, string>;
  /** Each service's Prometheus port (drills read its bus counters). */
  metricsPorts: Record<string, number>;
  stop(): Promise<void>;
  /** Tests: stop one service process (SIGTERM, drained) and start it again with the same settings. */
  stopService(name: string): Promise<void>;
  startService(name: string, extraEnv?: Record<string, string>): Promise<void>;
  /** Drills: SIGKILL one service process (no drain, no cleanup: a crash). */
  killService(name: string): Promise<void>;
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

/** Ports this process has handed out: two fleet processes must never be told the same one. */
const handedOut = new Set<number>();

/**
 * Where freePort() draws from: below the kernel's ephemeral range. A port the kernel hands to
 * listen(0) comes from that range, and between our probe closing it and the service binding it an
 * outgoing connection of any process (a PostgreSQL client, say) may take it as its local port: the
 * service then fails with "port held by another process" (seen once with several fleets starting on
 * one machine). Ports below the range are never picked for outgoing connections.
 */
function portPool(): [number, number] {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low;
  } catch {
    // not Linux: the common default
  }
  const top = Math.max(2048, low - 1);
  return [Math.max(1024, top - 12_000), top];
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port free right now, outside the ephemeral range, and never handed out before by this process.
 * With `companion`, port + companion is free and outside that range too (a Redis Cluster node's bus
 * listens on its port + 10000).
 */
export async function freePort(companion = 0): Promise<number> {
  const [lo, hi] = portPool();
  const top = hi - companion;
  if (top < lo) throw new Error(`no port pair ${companion} apart below the ephemeral range`);
  for (;;) {
    const port = lo + Math.floor(Math.random() * (top - lo + 1));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    if (companion && (handedOut.has(port + companion) || !(await canListen(port + companion)))) continue;
    handedOut.add(port);
    if (companion) handedOut.add(port + companion);
    return port;
  }
}

/** Service folders that exist and have an entry point (its source, or only its build in the image). */
export function presentServices(): FleetService[] {
  return FLEET.filter((s) =>
    ['src/main.ts', 'dist/main.js'].some((entry) => fs.existsSync(path.join(ROOT, 'services', s.name, entry))),
  );
}

/**
 * Who listens on a TCP port on this machine: "pid N (command line)", from /proc (Linux; any user's
 * process we may read), or undefined when it cannot be told.
 */
export function portHolder(port: number): string | undefined {
  try {
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      if (!fs.existsSync(table)) continue;
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        // local_address is HEXIP:HEXPORT, st 0A is LISTEN, field 9 the socket inode.
        if (f.length > 9 && f[3] === '0A' && parseInt(f[1]!.split(':')[1]!, 16) === port) inodes.add(f[9]!);
      }
    }
    if (!inodes.size) return undefined;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let link = '';
        try {
          link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1]!)) {
          const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
          // Long enough for a fleet process's whole command, V8 flags included (services.ts V8_FLAGS).
          return `pid ${pid} (${cmd.length > 200 ? `${cmd.slice(0, 197)}...` : cmd})`;
        }
      }
    }
  } catch {
    /* not Linux, or /proc unreadable */
  }
  return undefined;
}

/** The refusal when a port answers for another process than the one we started there. */
function portTakenError(what: string, port: number, answered: string | undefined): Error {
  const holder = portHolder(port);
  return new Error(
    `${what}: port ${port} is held by another process` +
      `${holder ? `, ${holder}` : ''}${answered ? ` (it answers as instance ${answered})` : ''}; ` +
      'stop it, or start this fleet with FLEET_PORTS=free (services on free ports, the gateway on PORT)',
  );
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
  const runtime = opts.runtime ?? runtimeFromEnv();
  if (runtime === 'dist' && opts.build !== false)
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  const instances: Record<string, string> = {};
  const launchId = randomBytes(4).toString('hex');
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
        opts.portOverrides?.[s.name] ??
          (opts.randomPorts
            ? { grpc: await freePort(), metrics: await freePort() }
            : { grpc: s.grpcPort, metrics: s.metricsPort }),
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
      // The local fleet's webhooks may call receivers on this machine (IPv4 loopback only), unless the
      // caller says otherwise or runs NODE_ENV=production; production (k8s, no launcher) leaves it
      // unset and refuses every private address.
      WEBHOOK_ALLOWED_NETWORKS:
        process.env.WEBHOOK_ALLOWED_NETWORKS ??
        ((opts.env?.NODE_ENV ?? process.env.NODE_ENV) === 'production' ? '' : '127.0.0.1/32'),
    };
    for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) shared[k] = v;

    const logsDir = path.join(opts.dataDir, 'logs');
    fs.mkdirSync(logsDir, { recursive: true });
    const launch = (name: string, entry: string, env: Record<string, string>) => {
      // A new id per start: a restarted process must not pass for its predecessor.
      instances[name] = `${name}-${launchId}-${randomBytes(3).toString('hex')}`;
      const proc = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...nodeArgs(entry, runtime)], {
        cwd: ROOT,
        env: { ...withMallocTunables(process.env), OTEL_SERVICE_NAME: name, ...env, INSTANCE_ID: instances[name] },
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
    const logOf = (name: string) => (opts.output === 'files' ? path.join(logsDir, `${name}.log`) : 'its output above');
    const current = (name: string) => [...children].reverse().find((x) => x.name === name)!.proc;
    const dead = (p: ChildProcess) => p.exitCode !== null || p.signalCode !== null;
    /**
     * Waits until the service we started answers SERVING on its port. An answer from another instance
     * means the port is someone else's (our process cannot bind it): refused at once, naming the holder.
     */
    const waitForOwn = async (s: FleetService, timeoutMs: number) => {
      const addr = addrEnv[s.addressEnv]!;
      const port = Number(addr.split(':').pop());
      const proc = current(s.name);
      const until = Date.now() + timeoutMs;
      try {
        for (;;) {
          const h = await checkInstance(addr, 1000);
          if (h.instance === instances[s.name] && h.status === 'SERVING') return;
          if (h.instance !== undefined && h.instance !== instances[s.name])
            throw portTakenError(`service ${s.name}`, port, h.instance);
          if (dead(proc)) {
            if (h.status !== 'UNREACHABLE' || portHolder(port))
              throw portTakenError(`service ${s.name}`, port, undefined);
            throw new Error(`service ${s.name} exited at boot (see ${logOf(s.name)})`);
          }
          if (Date.now() > until) throw new Error(`service ${s.name} did not become healthy (see ${logOf(s.name)})`);
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        closeHealthClient(addr);
      }
    };
    for (const s of services) {
      await waitForOwn(s, 180_000);
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
      // /healthz names the instance: only our gateway's readiness counts.
      let instance: string | undefined;
      let answered = false;
      try {
        const h = await fetch(`${baseUrl}/healthz`);
        answered = true;
        instance = ((await h.json().catch(() => ({}))) as { instance?: string }).instance;
        if (instance === instances.gateway && (await fetch(`${baseUrl}/readyz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (answered && instance !== instances.gateway) throw portTakenError('gateway', gatewayPort, instance);
      if (dead(gateway)) {
        if (portHolder(gatewayPort)) throw portTakenError('gateway', gatewayPort, undefined);
        throw new Error(`the gateway exited at boot (see ${logOf('gateway')})`);
      }
      if (Date.now() > until) throw new Error(`gateway did not become ready (see ${logOf('gateway')})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // A process that answered and then died (its metrics port taken, say) fails the start too.
    for (const c of children)
      if (dead(c.proc)) throw new Error(`${c.name} exited after it started (see ${logOf(c.name)})`);
    const stopService = async (name: string, signal: NodeJS.Signals = 'SIGTERM') => {
      const c = children.find((x) => x.name === name && x.proc.exitCode === null && x.proc.signalCode === null);
      if (!c) return;
      await new Promise<void>((resolve) => {
        c.proc.once('exit', () => resolve());
        c.proc.kill(signal);
      });
    };
    const startService = async (name: string, extraEnv: Record<string, string> = {}) => {
      const s = services.find((x) => x.name === name);
      if (!s) throw new Error(`no service ${name}`);
      if (children.some((x) => x.name === name && x.proc.exitCode === null && x.proc.signalCode === null)) return;
      launch(name, `services/${name}/src/main.ts`, { ...serviceEnv(name), ...extraEnv });
      await waitForOwn(s, 120_000);
    };
    return {
      baseUrl,
      runtime,
      instances,
      metricsUrl: `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
      databaseUrl: adminUrl,
      services: services.map((s) => s.name),
      databases,
      env: shared,
      metricsPorts: Object.fromEntries([...ports].map(([name, p]) => [name, p.metrics])),
      stop,
      stopService: (name: string) => stopService(name),
      startService,
      killService: (name: string) => stopService(name, 'SIGKILL'),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
