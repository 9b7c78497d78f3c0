// `npm run drills`: starts a fleet the drills own — an embedded PostgreSQL on a free port and a private
// redis-server (the machine's PostgreSQL and Redis are shared and are never stopped) — then runs every
// fault drill in turn against it and prints one report table. Exit status 1 when a drill broke a promise.
// Then the Kafka drill: a broker started here (scripts/kafka.ts, free port), a second fleet on it, and
// the broker stopped for 30 s under feedback and erasure load (broker-drill.ts). DRILLS=regex runs only
// the drills whose name matches (e.g. DRILLS=Kafka); DRILL_BROKER_DOWN_MS sets the outage (30000).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { OUTBOX_KEY_LOCK_NAMESPACE } from '@astro/platform';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@astro/platform/db/index';
import { freePort, ROOT, startFleet, TEST_FLEET_LIMITS, type RunningFleet } from '../fleet.ts';
import { startMailCapture } from '../mail-capture.ts';
import {
  calcServiceDrill,
  consumerDrill,
  consumerKillDrill,
  emptyReport,
  formatReports,
  postgresDrill,
  publisherKillDrill,
  redisDrill,
  type DrillReport,
  type RelayStall,
} from './drills.ts';
import { selectBus, type FleetBus } from '../kafka-bus.ts';
import { startKafka } from '../kafka.ts';
import { brokerDrill } from './broker-drill.ts';
import { call } from './load.ts';
import { startPrivateRedis, type PrivateRedis } from './redis-server.ts';
import { formatRollout, rolloutDrill } from './rollout.ts';

const DEADLINE_MS = 5000;
const runId = `drills${Date.now().toString(36)}`;
const dataDir = path.join(ROOT, '.data', 'drills', runId);
const log = (l: string) => process.stdout.write(`${l}\n`);

let pgServer: EmbeddedPostgres | undefined;
let redis: PrivateRedis | undefined;
let fleet: RunningFleet | undefined;
let kafkaFleet: RunningFleet | undefined;
let kafkaBus: FleetBus | undefined;
const only = process.env.DRILLS ? new RegExp(process.env.DRILLS, 'i') : undefined;
const mail = await startMailCapture(path.join(dataDir, 'mail'));
let status = 1;
try {
  const pgPort = await freePort();
  const pgOptions = { dataDir: path.join(dataDir, 'pg'), port: pgPort };
  log(
    `== embedded PostgreSQL on ${pgPort}, private redis-server, fleet (logs in ${path.relative(ROOT, dataDir)}/logs)`,
  );
  pgServer = await startEmbeddedPostgres(pgOptions);
  redis = await startPrivateRedis(await freePort());
  const reports: DrillReport[] = [];
  // A drill that throws (a process it needs died) is a failed row, and the next drills still run.
  const drill = async (name: string, run: () => Promise<DrillReport>) => {
    if (only && !only.test(name)) return;
    log(`== drill: ${name}`);
    try {
      reports.push(await run());
    } catch (err) {
      reports.push({ ...emptyReport(name), failures: [`aborted: ${(err as Error).message}`] });
    }
  };
  // The four drills on the PostgreSQL bus share one fleet; DRILLS=Kafka skips it entirely.
  const PG_DRILLS = [
    'calc service stopped',
    'Redis stopped',
    'PostgreSQL restarted',
    'consumer stopped during erasure',
    'publisher SIGKILLed before its relay published',
    'consumer SIGKILLed mid-erasure',
    'rolling restart of the calc services',
  ];
  if (!only || PG_DRILLS.some((n) => only.test(n))) {
    fleet = await startFleet({
      databaseUrl: pgServer.url,
      dataDir,
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix: 'drill',
      output: 'files',
      log: () => {},
      env: {
        REDIS_URL: redis.url,
        SMTP_URL: mail.url,
        NODE_ENV: 'test',
        BACKEND_DEADLINE_MS: String(DEADLINE_MS),
        ...TEST_FLEET_LIMITS,
      },
    });
    const f = fleet;
    const base = f.baseUrl;
    // A fresh fleet on a busy machine can time out its first sign-ups (password hashing): try a few
    // times, each with a new address so a late success of an earlier try cannot collide.
    let signup = { status: 0, json: null as any };
    for (let attempt = 1; attempt <= 5 && signup.status !== 201; attempt++) {
      signup = await call(base, 'POST', '/v1/auth/signup', {
        body: {
          email: `drill-${runId}-${attempt}@example.com`,
          password: `Correct-Horse-Battery-Staple-42!${runId}`,
          accept_terms: true,
        },
      });
    }
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${JSON.stringify(signup.json)}`);
    const keyRes = await call(base, 'POST', '/v1/api-keys', {
      token: signup.json.session.access_token,
      body: { name: 'drills', scopes: ['charts:read', 'charts:write', 'compatibility:read'] },
    });
    if (keyRes.status !== 201) throw new Error(`key creation answered ${keyRes.status}`);
    const key = keyRes.json.plaintext as string;
    const tenantId = signup.json.tenant.id as string;
    const chart = await call(base, 'POST', '/v1/charts', {
      token: key,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 } },
    });

    await drill('calc service stopped', () =>
      calcServiceDrill({
        baseUrl: base,
        key,
        deadlineMs: DEADLINE_MS,
        service: { stop: () => f.stopService('vedic-calc'), start: () => f.startService('vedic-calc') },
      }),
    );
    await drill('Redis stopped', () => redisDrill({ baseUrl: base, key, chartId: chart.json.id, redis: redis! }));
    await drill('PostgreSQL restarted', () =>
      postgresDrill({
        baseUrl: base,
        key,
        postgres: {
          stop: () => pgServer!.stop(),
          start: async () => {
            pgServer = await startEmbeddedPostgres(pgOptions);
          },
        },
      }),
    );
    const westernDb = f.databases['western-calc']!;
    const reportsNaming = async (ids: string[]) => {
      const c = new pg.Client({ connectionString: westernDb });
      await c.connect();
      try {
        const { rows } = await c.query(
          'SELECT count(*)::int AS n FROM compatibility_reports WHERE tenant_id = $1 AND (chart_a_id = ANY($2) OR chart_b_id = ANY($2))',
          [tenantId, ids],
        );
        return rows[0].n as number;
      } finally {
        await c.end();
      }
    };
    const western = {
      stop: () => f.stopService('western-calc'),
      start: () => f.startService('western-calc'),
      kill: () => f.killService('western-calc'),
    };
    await drill('consumer stopped during erasure', () =>
      consumerDrill({ baseUrl: base, key, consumer: western, reportsNaming }),
    );
    await drill('publisher SIGKILLed before its relay published', async () => {
      // Holding the relay's lock for the tenant stalls it: commits land in the outbox and stay there.
      let holder: pg.Client | undefined;
      const stall: RelayStall = {
        hold: async (lockKey) => {
          holder = new pg.Client({ connectionString: f.databases.chart });
          await holder.connect();
          await holder.query('SELECT pg_advisory_lock($1, hashtext($2))', [OUTBOX_KEY_LOCK_NAMESPACE, lockKey]);
        },
        release: async () => {
          await holder?.end();
          holder = undefined;
        },
        pending: async (lockKey) => {
          const c = new pg.Client({ connectionString: f.databases.chart });
          await c.connect();
          try {
            const { rows } = await c.query('SELECT count(*)::int AS n FROM outbox WHERE key = $1 AND sent_at IS NULL', [
              lockKey,
            ]);
            return rows[0].n as number;
          } finally {
            await c.end();
          }
        },
      };
      return publisherKillDrill({
        baseUrl: base,
        key,
        tenantId,
        publisher: {
          stop: () => f.stopService('chart'),
          start: () => f.startService('chart'),
          kill: () => f.killService('chart'),
        },
        consumer: western,
        stall,
        reportsNaming,
      });
    });
    await drill('consumer SIGKILLed mid-erasure', () =>
      consumerKillDrill({ baseUrl: base, key, consumer: western, reportsNaming, charts: 30 }),
    );
    const westernChart = await call(base, 'POST', '/v1/charts', {
      token: key,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 }, system: 'western' },
    });
    await drill('rolling restart of the calc services', async () => {
      const r = await rolloutDrill({
        fleet: f,
        key,
        westernChartId: westernChart.json.id,
        logsDir: path.join(dataDir, 'logs'),
        log,
      });
      log(formatRollout(r));
      return {
        ...emptyReport('rolling restart of the calc services'),
        requests: r.requests,
        recovered: true,
        failures: r.failures,
        notes: [
          `${r.non2xx} non-2xx of ${r.requests}`,
          ...r.restarts.map((x) => `${x.replica} back in ${x.servingAgainMs} ms`),
        ],
      };
    });
  }
  const downMs = Number(process.env.DRILL_BROKER_DOWN_MS || 30_000);
  const brokerDrillName = `Kafka broker stopped ${downMs / 1000} s`;
  if (!only || only.test(brokerDrillName)) {
    // The PostgreSQL-bus fleet is done: stop it so the Kafka fleet has the machine to itself.
    await fleet?.stop();
    fleet = undefined;
    log('== Kafka: starting a broker and a second fleet on it');
    kafkaBus = await selectBus({
      bus: 'kafka',
      kafkaDataDir: path.join(dataDir, 'kafka'),
      kafkaPort: await freePort(),
    });
    const broker = kafkaBus.kafka!;
    let current = broker;
    kafkaFleet = await startFleet({
      databaseUrl: pgServer.url,
      dataDir: path.join(dataDir, 'kafka-fleet'),
      gatewayPort: 0,
      randomPorts: true,
      dbPrefix: 'drillk',
      output: 'files',
      log: () => {},
      env: {
        REDIS_URL: redis.url,
        SMTP_URL: mail.url,
        NODE_ENV: 'test',
        BACKEND_DEADLINE_MS: String(DEADLINE_MS),
        ...TEST_FLEET_LIMITS,
        ...kafkaBus.env,
      },
    });
    const kf = kafkaFleet;
    await drill(brokerDrillName, () =>
      brokerDrill({
        baseUrl: kf.baseUrl,
        brokers: broker.brokers,
        feedbackDatabaseUrl: kf.databases.feedback!,
        feedbackMetricsPort: kf.metricsPorts.feedback!,
        faultMs: downMs,
        log,
        broker: {
          stop: () => current.stop(),
          start: async () => {
            current = await startKafka({ port: broker.port, dataDir: broker.dataDir });
            kafkaBus = { ...kafkaBus!, kafka: current, stop: () => current.stop() };
          },
        },
      }),
    );
  }
  log(`\n${formatReports(reports)}`);
  status = reports.every((r) => r.failures.length === 0) ? 0 : 1;
  log(status === 0 ? '\nall drills held: nothing lost' : '\nsome drills FAILED (above)');
} catch (err) {
  log(`drills aborted: ${(err as Error).stack ?? err}`);
} finally {
  await fleet?.stop();
  await kafkaFleet?.stop();
  await kafkaBus?.stop();
  await redis?.stop();
  await pgServer?.stop();
  await mail.close();
  if (status === 0) fs.rmSync(dataDir, { recursive: true, force: true });
  else log(`logs kept in ${path.relative(ROOT, dataDir)}`);
}
process.exit(status);
