// A real Apache Kafka broker, started by the project itself: the jars come from Maven Central through
// the machine's Maven (infra/kafka/pom.xml, cached under .data/kafka/, offline once resolved), the
// storage is formatted for KRaft and one JVM runs broker and controller on 127.0.0.1.
// Used by `npm run kafka` (scripts/kafka-cli.ts), `BUS=kafka npm start`, `npm test` (CI=true or KAFKA=1),
// the bench and the drills. Why 3.9.x and KafkaJS: README, "Decisions".
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { kafkaServing } from '@astro/platform/bus/kafka-admin';

const ROOT = path.resolve(import.meta.dirname, '..');
export const KAFKA_VERSION = process.env.KAFKA_VERSION || '3.9.1';
const CACHE = path.join(ROOT, '.data', 'kafka');
const POM = path.join(ROOT, 'infra', 'kafka', 'pom.xml');
const run = promisify(execFile);

export interface KafkaOptions {
  /** Client port on 127.0.0.1 (default 9092); the controller listens on a second free port. */
  port?: number;
  /** Broker state (KRaft metadata and logs); formatted once, kept across restarts. */
  dataDir: string;
  /** Apache Kafka version to resolve and run (default KAFKA_VERSION, 3.9.1). */
  version?: string;
  /** 'inherit' prints broker warnings on our stdout; 'file' writes dataDir/broker.log. */
  output?: 'inherit' | 'file';
  /** Maximum JVM heap (default 512m: the suite runs beside a whole fleet on 2 cores). */
  heap?: string;
  /** How long the broker may take to answer (default 300 s: a JVM start on 2 busy cores is slow). */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RunningKafka {
  /** The KAFKA_BROKERS value for clients. */
  brokers: string;
  port: number;
  version: string;
  dataDir: string;
  /** Seconds from spawn to accepting a client request. */
  startSeconds: number;
  /** SIGTERM (controlled shutdown), SIGKILL after 30 s. Safe to call twice. */
  stop(): Promise<void>;
  /** Drills: SIGKILL at once, as a crash would. */
  kill(): Promise<void>;
}

/**
 * The broker's classpath directory for `version`, resolved from Maven Central on first use. Retries
 * with backoff (a clean CI machine's first run depends on the network), then fails with what to do.
 */
export async function resolveKafka(version = KAFKA_VERSION, log = (l: string) => console.log(l)): Promise<string> {
  const libDir = path.join(CACHE, `lib-${version}`);
  const marker = path.join(libDir, '.complete');
  if (fs.existsSync(marker)) return libDir;
  fs.rmSync(libDir, { recursive: true, force: true });
  const args = [
    '-B',
    '-q',
    '-f',
    POM,
    `-Dkafka.version=${version}`,
    `-Dmaven.repo.local=${path.join(CACHE, 'm2')}`,
    // Maven's own HTTP retries for a dropped connection, besides our retries of the whole resolution.
    '-Dmaven.wagon.http.retryHandler.count=3',
    '-Dmaven.wagon.httpconnectionManager.ttlSeconds=25',
    'dependency:copy-dependencies',
    `-DoutputDirectory=${libDir}`,
  ];
  const started = Date.now();
  log(
    `[kafka] resolving Apache Kafka ${version} from Maven Central into ${path.relative(ROOT, CACHE)} (first run only)`,
  );
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await run('mvn', args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
      fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
      log(`[kafka] resolved Kafka ${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return libDir;
    } catch (err) {
      const e = err as { code?: string; stdout?: string; stderr?: string; message: string };
      if (e.code === 'ENOENT')
        throw new Error("Maven (mvn) is not on PATH: the broker is resolved with the machine's Maven 3.8+ and Java 17");
      lastError = `${e.stdout ?? ''}${e.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n') || e.message;
      if (attempt < 3) {
        log(`[kafka] Maven resolution failed (attempt ${attempt} of 3), retrying in ${attempt * 5} s`);
        await sleep(attempt * 5_000);
      }
    }
  }
  throw new Error(
    `could not resolve Apache Kafka ${version} from Maven Central after 3 attempts (is the repository reachable? ` +
      `mvn -f infra/kafka/pom.xml dependency:copy-dependencies shows the whole error). Last output:\n${lastError}`,
  );
}

/**
 * A cluster id as Kafka's own Uuid.randomUuid makes them: 16 random bytes in base64url, drawn again
 * while it starts with '-', which kafka-storage's argument parser takes for an option (a 1-in-64
 * "usage: kafka-storage format" failure; it once skipped a whole Kafka half).
 */
export function kraftClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export async function startKafka(opts: KafkaOptions): Promise<RunningKafka> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const version = opts.version ?? KAFKA_VERSION;
  const port = opts.port ?? 9092;
  const libDir = await resolveKafka(version, log);
  const dataDir = path.resolve(opts.dataDir);
  const logDirs = path.join(dataDir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!(await portFree(port)))
    throw new Error(`port ${port} is already taken: set another (npm run kafka -- --port N)`);
  // The controller port is part of the formatted quorum: keep the one chosen on the first start.
  const controllerFile = path.join(dataDir, 'controller-port');
  let controllerPort = fs.existsSync(controllerFile) ? Number(fs.readFileSync(controllerFile, 'utf8')) : 0;
  if (!controllerPort || !(await portFree(controllerPort))) controllerPort = await anyFreePort();
  fs.writeFileSync(controllerFile, String(controllerPort));

  const config = path.join(dataDir, 'server.properties');
  fs.writeFileSync(config, serverProperties(port, controllerPort, logDirs));
  const log4j = path.join(dataDir, 'log4j.properties');
  fs.writeFileSync(log4j, LOG4J);
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const classpath = `${libDir}/*`;
  const jvm = [
    `-Xmx${opts.heap ?? '512m'}`,
    '-Xms64m',
    '-XX:+UseSerialGC', // one broker, small heap, 2 cores: no GC threads competing with the fleet
    `-Dlog4j.configuration=file:${log4j}`,
    `-Dlog4j2.configurationFile=${path.join(dataDir, 'log4j2.properties')}`,
    `-Dkafka.logs.dir=${dataDir}`,
  ];
  fs.writeFileSync(path.join(dataDir, 'log4j2.properties'), LOG4J2);

  if (!fs.existsSync(path.join(logDirs, 'meta.properties'))) {
    // KRaft storage must be formatted once with a cluster id (22-char base64url of 16 random bytes).
    const clusterId = kraftClusterId();
    await run(java, [...jvm, '-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', config], {
      cwd: dataDir,
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`formatting KRaft storage failed: ${(err.stdout ?? '') + (err.stderr ?? '') || err.message}`);
    });
  }

  const started = Date.now();
  const proc = spawn(java, [...jvm, '-cp', classpath, 'kafka.Kafka', config], {
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env },
  });
  if (opts.output === 'inherit') {
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((l) => process.stdout.write(`[kafka] ${l}\n`));
    proc.stdout!.on('data', prefix);
    proc.stderr!.on('data', prefix);
  } else {
    const file = fs.createWriteStream(path.join(dataDir, 'broker.log'), { flags: 'a' });
    proc.stdout!.pipe(file);
    proc.stderr!.pipe(file);
  }
  // Never leave a JVM behind when the process that started it goes away.
  const orphanGuard = () => proc.kill('SIGKILL');
  process.once('exit', orphanGuard);

  const brokers = `127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stopWith = (signal: NodeJS.Signals, graceMs: number) => async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill(signal);
      const t = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(t);
    }
    process.removeListener('exit', orphanGuard);
  };
  const stop = stopWith('SIGTERM', 30_000);

  try {
    await waitUntilServing(brokers, proc, opts.readyTimeoutMs ?? 300_000);
  } catch (err) {
    await stopWith('SIGKILL', 0)();
    const where = opts.output === 'inherit' ? 'its output above' : path.join(dataDir, 'broker.log');
    throw new Error(`the Kafka broker did not become ready: ${(err as Error).message} (see ${where})`);
  }
  const startSeconds = (Date.now() - started) / 1000;
  return { brokers, port, version, dataDir, startSeconds, stop, kill: stopWith('SIGKILL', 0) };
}

/** Ready = the broker answers a metadata request over the Kafka protocol, not just an open port. */
async function waitUntilServing(brokers: string, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`the JVM exited (${proc.signalCode ?? `code ${proc.exitCode}`})`);
    const why = await kafkaServing(brokers);
    if (why === null) return;
    last = why;
    await sleep(300);
  }
  throw new Error(`timed out after ${timeoutMs / 1000} s (${last})`);
}

function serverProperties(port: number, controllerPort: number, logDirs: string): string {
  return `# Written by scripts/kafka.ts on every start: one node, broker and KRaft controller, loopback only.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${controllerPort}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=${logDirs}
# A single node: every internal topic has one replica.
default.replication.factor=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
min.insync.replicas=1
# Fewer internal partitions than the default 50: a faster first group join on a small machine.
offsets.topic.num.partitions=5
transaction.state.log.num.partitions=5
# Groups form at once (the default waits 3 s for more members, which tests and drills would pay).
group.initial.rebalance.delay.ms=0
# Topics are created by the project with their declared partitions and retention (topic-config.ts).
auto.create.topics.enable=false
num.network.threads=2
num.io.threads=4
log.retention.hours=168
`;
}

// Kafka 3.x logs through log4j 1 (reload4j); 4.x through log4j 2: one quiet config for each.
const LOG4J = `log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
# "Performing controller activation" on a new cluster is routine, not a warning worth showing.
log4j.logger.org.apache.kafka.controller.QuorumController=ERROR
`;
const LOG4J2 = `rootLogger.level=WARN
rootLogger.appenderRef.stdout.ref=STDOUT
appender.stdout.type=Console
appender.stdout.name=STDOUT
appender.stdout.layout.type=PatternLayout
appender.stdout.layout.pattern=[%d] %p %m (%c)%n
`;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
