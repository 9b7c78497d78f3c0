// Fault drills that fit in CI time (README "Fault drills"; scripts/drills/drills.ts has the drills and
// `npm run drills` runs all four on a fleet it owns). Here the faults are injected into processes this
// file owns beside the shared test fleet — never into the machine's shared PostgreSQL or Redis:
// - a private vedic-calc process behind a private gateway, stopped under load and started again;
// - a private redis-server behind a private gateway, stopped under load and started again.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { waitForServing } from '@astro/platform';
import { calcServiceDrill, formatReports, redisDrill } from '../scripts/drills/drills.ts';
import { startPrivateRedis, type PrivateRedis } from '../scripts/drills/redis-server.ts';
import { freePort, TEST_FLEET_LIMITS } from '../scripts/fleet.ts';
import { api, createKey, expectError, expectStatus, ROOT, signup, type ApiResponse } from './helpers/client.ts';
import { startGateway, type GatewayProcess } from './helpers/gateway-process.ts';

const DEADLINE_MS = 5000;

function fleetEnv(): Record<string, string> {
  assert.ok(process.env.FLEET_ENV, 'FLEET_ENV is set (run through scripts/test.ts)');
  return JSON.parse(process.env.FLEET_ENV);
}

/** One vedic-calc process on `port`, with the shared fleet's settings (chart address, JWT secret). */
function startVedicCalc(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'services/vedic-calc/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...fleetEnv(), GRPC_PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

function kill(p: ChildProcess | undefined): Promise<void> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });
}

describe('drill: a calc service stops under load', () => {
  let calc: ChildProcess | undefined;
  let gateway: GatewayProcess | undefined;
  let addr = '';
  before(async () => {
    const port = await freePort();
    addr = `127.0.0.1:${port}`;
    calc = startVedicCalc(port);
    assert.ok(await waitForServing(addr, 60_000), 'the private vedic-calc serves');
    gateway = await startGateway({
      VEDIC_CALC_ADDR: addr,
      BACKEND_DEADLINE_MS: String(DEADLINE_MS),
      ...TEST_FLEET_LIMITS,
    });
  });
  after(async () => {
    await gateway?.stop();
    await kill(calc);
  });

  it('answers 503 service_unavailable in the envelope within the deadline, never hangs, then recovers', async () => {
    const s = await signup();
    const key = (await createKey(s.accessToken, ['charts:read'])).plaintext;
    let whileDown: ApiResponse | undefined;
    const report = await calcServiceDrill({
      baseUrl: gateway!.baseUrl,
      key,
      deadlineMs: DEADLINE_MS,
      faultMs: 2000,
      service: {
        stop: async () => {
          await kill(calc);
          whileDown = await api(
            'GET',
            '/v1/vedic/panchanga?day=2024-11-01&latitude=28.6139&longitude=77.209&timezone=Asia%2FKolkata',
            {
              baseUrl: gateway!.baseUrl,
              token: key,
            },
          );
        },
        start: async () => {
          calc = startVedicCalc(Number(addr.split(':')[1]));
          assert.ok(await waitForServing(addr, 60_000), 'the private vedic-calc serves again');
        },
      },
    });
    const e = expectError(whileDown!, 503, 'service_unavailable');
    assert.equal(typeof e.message, 'string');
    assert.deepEqual(report.failures, [], formatReports([report]));
    assert.ok(report.maxFaultLatencyMs <= DEADLINE_MS);
    assert.equal(report.hangs, 0);
    assert.equal(report.unexpected5xx, 0);
    assert.ok(report.recovered, 'served again after the restart');
  });
});

describe('drill: Redis stops under load', () => {
  let redis: PrivateRedis | undefined;
  let gateway: GatewayProcess | undefined;
  before(async () => {
    redis = await startPrivateRedis(await freePort());
    gateway = await startGateway({
      REDIS_URL: redis.url,
      LIMITS_KEY_PREFIX: `test:drill:${randomBytes(6).toString('hex')}:`,
      ...TEST_FLEET_LIMITS,
    });
  });
  after(async () => {
    await gateway?.stop();
    await redis?.stop();
  });

  it('limits fail open, Idempotency-Key requests answer 503, nothing answers 500, nothing acknowledged is lost', async () => {
    const s = await signup();
    const key = (await createKey(s.accessToken, ['charts:read', 'charts:write'])).plaintext;
    const chart = await api('POST', '/v1/charts', {
      baseUrl: gateway!.baseUrl,
      token: key,
      body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 } },
    });
    expectStatus(chart, 201);
    const report = await redisDrill({
      baseUrl: gateway!.baseUrl,
      key,
      chartId: chart.json.id,
      redis: redis!,
      faultMs: 2000,
    });
    assert.deepEqual(report.failures, [], formatReports([report]));
    assert.equal(report.unexpected5xx, 0);
    assert.equal(report.lost, 0);
    assert.ok(report.acknowledged > 0, 'writes were acknowledged during the drill');
    assert.ok(report.recovered);
  });
});
