// Consumer groups on Kafka (issue 16 item 7): two replicas of the feedback service, i.e. two members
// of the 'feedback-aggregator' group, share the partitions of feedback.submitted, and every event that
// the gateway's feedback writes produce is applied exactly once across them (each replica's
// bus_events_total{op="consume",outcome="ok"} counter, summed, equals the number of events).
// Runs in the Kafka half of scripts/test.ts only, alone (it replaces the fleet's feedback process
// while it runs, so no other file may use feedback at the same time).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { kafkaGroupState, TOPIC_CONFIG, waitForServing } from '@astro/platform';
import { freePort } from '../scripts/fleet.ts';
import { api, createKey, expectStatus, ROOT, signup } from './helpers/client.ts';
import { fleetService, waitUntil } from './helpers/fleet-control.ts';

const brokers = process.env.KAFKA_BROKERS ?? '';
const GROUP = 'feedback-aggregator';
const TOPIC = 'feedback.submitted';
const PER_TENANT = 4;

interface Replica {
  name: string;
  metricsPort: number;
  proc: ChildProcess;
}

async function startReplica(name: string, grpcPort: number): Promise<Replica> {
  const fleetEnv = JSON.parse(process.env.FLEET_ENV ?? '{}') as Record<string, string>;
  const metricsPort = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'services/feedback/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...fleetEnv,
      GRPC_PORT: String(grpcPort),
      METRICS_PORT: String(metricsPort),
      DATABASE_URL: process.env.FEEDBACK_DATABASE_URL!,
      KAFKA_BROKERS: brokers,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-3000)));
  const serving = await waitForServing(`127.0.0.1:${grpcPort}`, 120_000);
  assert.ok(serving, `feedback replica ${name} is serving (${stderr})`);
  return { name, metricsPort, proc };
}

function stopReplica(r: Replica): Promise<void> {
  return new Promise((resolve) => {
    if (r.proc.exitCode !== null || r.proc.signalCode !== null) return resolve();
    const t = setTimeout(() => r.proc.kill('SIGKILL'), 15_000);
    r.proc.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    r.proc.kill('SIGTERM');
  });
}

/** Events this replica's aggregator handled successfully (the instrumented bus's counter). */
async function appliedBy(r: Replica): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${r.metricsPort}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('bus_events_total{') &&
        l.includes(`topic="${TOPIC}"`) &&
        l.includes('op="consume"') &&
        l.includes('outcome="ok"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

// Needs a Kafka broker (KAFKA_BROKERS): the Kafka half of `npm test` runs it.
(brokers ? describe : describe.skip)('two feedback replicas in one Kafka consumer group', () => {
  const replicas: Replica[] = [];

  before(async () => {
    const fleetEnv = JSON.parse(process.env.FLEET_ENV ?? '{}') as Record<string, string>;
    const fleetPort = Number(fleetEnv.FEEDBACK_ADDR!.split(':').pop());
    // The fleet's own feedback process leaves the group; replica a takes its gRPC port (the gateway
    // routes there), replica b only consumes.
    await fleetService('feedback', 'stop');
    replicas.push(await startReplica('a', fleetPort));
    replicas.push(await startReplica('b', await freePort()));
  });

  after(async () => {
    await Promise.all(replicas.map(stopReplica));
    await fleetService('feedback', 'start');
  });

  it('the partitions are split between the replicas, and each feedback event is applied once', async () => {
    const partitions = TOPIC_CONFIG[TOPIC]!.partitions;
    assert.ok(partitions >= 2, 'feedback.submitted has partitions to share');
    let members: { partitions: number[] }[] = [];
    await waitUntil(
      async () => {
        const s = await kafkaGroupState(brokers, GROUP, TOPIC);
        members = s.members;
        return s.state === 'Stable' && members.length === 2 && members.every((m) => m.partitions.length > 0);
      },
      60_000,
      'the group is stable with two members holding partitions',
    );
    const all = members.flatMap((m) => m.partitions).sort((x, y) => x - y);
    assert.deepEqual(
      all,
      Array.from({ length: partitions }, (_, i) => i),
      'every partition has exactly one owner',
    );

    // Whatever earlier files left on the topic is consumed before counting starts.
    await waitUntil(async () => (await kafkaGroupState(brokers, GROUP, TOPIC)).lag === 0, 60_000, 'an empty backlog');
    const before = await Promise.all(replicas.map(appliedBy));
    // Tenants are the record keys: add tenants until both replicas have had work (a key's partition
    // is a hash, so a handful of tenants may all land on one replica's partitions).
    let submitted = 0;
    const tenants: { key: string; template: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await signup();
      const key = (
        await createKey(user.accessToken, ['charts:write', 'interpretations:write', 'feedback:read', 'feedback:write'])
      ).plaintext;
      const chart = await api('POST', '/v1/charts', {
        token: key,
        body: { birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 } },
      });
      expectStatus(chart, 201);
      const interp = await api('POST', '/v1/interpretations', { token: key, body: { chart_id: chart.json.id } });
      expectStatus(interp, 201);
      const statement = interp.json.statements[0];
      for (let n = 0; n < PER_TENANT; n++) {
        const f = await api('POST', '/v1/feedback', {
          token: key,
          body: { statement_id: statement.id, verdict: 'correct' },
        });
        expectStatus(f, 201);
        submitted++;
      }
      tenants.push({ key, template: statement.template_id });
      if (i < 3) continue;
      await waitUntil(
        async () => (await kafkaGroupState(brokers, GROUP, TOPIC)).lag === 0,
        60_000,
        'the group has consumed everything',
      );
      const now = await Promise.all(replicas.map(appliedBy));
      if (now.every((n, k) => n > before[k]!)) break;
    }

    await waitUntil(async () => (await kafkaGroupState(brokers, GROUP, TOPIC)).lag === 0, 60_000, 'lag 0');
    // Every tenant's verdicts are aggregated (the aggregation itself is checked in interpretations-feedback).
    for (const t of tenants) {
      const acc = await api('GET', `/v1/feedback/templates/${encodeURIComponent(t.template)}`, { token: t.key });
      expectStatus(acc, 200);
      assert.equal(acc.json.sample_size, PER_TENANT);
    }
    const after = await Promise.all(replicas.map(appliedBy));
    const applied = after.map((n, k) => n - before[k]!);
    assert.ok(
      applied.every((n) => n > 0),
      `both replicas applied events (a ${applied[0]}, b ${applied[1]})`,
    );
    assert.equal(applied[0]! + applied[1]!, submitted, `${submitted} events, each applied once across the group`);
  }, 240_000);
});
