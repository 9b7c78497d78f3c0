// The Kafka broker drill (issue 16): the broker is stopped for 30 s while ~100 feedback submissions/s
// and a stream of erasures (chart deletions) flow through the gateway. Promises checked:
// - the gateway keeps answering 2xx (writes do not depend on the broker);
// - after the broker returns, every acknowledged feedback write's event is on the topic (an audit
//   consumer in its own group reads it) and applied by the aggregator: its group has no lag, the
//   feedback process's consume counter covers every record (runs beyond one per record are
//   redeliveries, reported), and no verdict is counted twice or missed (each template's aggregate
//   sample size equals the feedback rows stored for it);
// - every acknowledged erasure is carried out (the deleted charts' feedback rows are gone).
// Reported: lost events, redeliveries, verdicts counted twice, non-2xx answers by status.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createEventBus, kafkaGroupState } from '@astro/platform';
import type { DrillReport, Fault } from './drills.ts';
import { call, sleep } from './load.ts';

const BIRTH = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const FEEDBACK_TOPIC = 'feedback.submitted';
const ERASURE_TOPIC = 'chart.deleted';

interface Tenant {
  id: string;
  key: string;
  statements: string[];
  /** Templates of the statements the load gives verdicts on. */
  templates: string[];
  victims: string[];
  /** Feedback written during the set-up (applied before counting starts). */
  setupFeedback: string[];
}

interface Sent {
  phase: 'before' | 'fault' | 'after';
  status: number;
  id?: string;
  ms: number;
}

export interface BrokerDrillOptions {
  baseUrl: string;
  brokers: string;
  broker: Fault;
  feedbackDatabaseUrl: string;
  feedbackMetricsPort: number;
  faultMs?: number;
  /** Feedback submissions per second during the drill (default 100). */
  rate?: number;
  log?: (line: string) => void;
}

async function tenant(baseUrl: string, victims: number): Promise<Tenant> {
  const run = randomBytes(5).toString('hex');
  const su = await call(baseUrl, 'POST', '/v1/auth/signup', {
    body: {
      email: `broker-drill-${run}@example.com`,
      password: `Correct-Horse-Battery-Staple-42!${run}`,
      accept_terms: true,
    },
  });
  if (su.status !== 201) throw new Error(`sign-up answered ${su.status}`);
  const k = await call(baseUrl, 'POST', '/v1/api-keys', {
    token: su.json.session.access_token,
    body: {
      name: 'broker-drill',
      scopes: [
        'charts:read',
        'charts:write',
        'interpretations:read',
        'interpretations:write',
        'feedback:read',
        'feedback:write',
      ],
    },
  });
  if (k.status !== 201) throw new Error(`key creation answered ${k.status}`);
  const key = k.json.plaintext as string;
  const chartWithStatements = async () => {
    const c = await call(baseUrl, 'POST', '/v1/charts', { token: key, body: { birth: BIRTH } });
    if (c.status !== 201) throw new Error(`chart creation answered ${c.status}`);
    const i = await call(baseUrl, 'POST', '/v1/interpretations', { token: key, body: { chart_id: c.json.id } });
    if (i.status !== 201) throw new Error(`interpretation answered ${i.status}`);
    const statements = i.json.statements as { id: string; template_id: string }[];
    return {
      chart: c.json.id as string,
      statements: statements.map((s) => s.id),
      templates: statements.map((s) => s.template_id),
    };
  };
  const survivor = await chartWithStatements();
  const t: Tenant = {
    id: su.json.tenant.id,
    key,
    statements: survivor.statements,
    templates: [...new Set(survivor.templates)],
    victims: [],
    setupFeedback: [],
  };
  for (let v = 0; v < victims; v++) {
    const victim = await chartWithStatements();
    // One verdict per victim chart before the drill: the erasure must remove it.
    const f = await call(baseUrl, 'POST', '/v1/feedback', {
      token: key,
      body: { statement_id: victim.statements[0], verdict: 'correct' },
    });
    if (f.status !== 201) throw new Error(`feedback answered ${f.status}`);
    t.victims.push(victim.chart);
    t.setupFeedback.push(f.json.id);
  }
  return t;
}

async function consumedOk(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('bus_events_total{') &&
        l.includes(`topic="${FEEDBACK_TOPIC}"`) &&
        l.includes('op="consume"') &&
        l.includes('outcome="ok"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

async function topicRecords(brokers: string, topic: string, group: string): Promise<{ lag: number }> {
  return kafkaGroupState(brokers, group, topic);
}

export async function brokerDrill(o: BrokerDrillOptions): Promise<DrillReport> {
  const log = o.log ?? (() => {});
  const faultMs = o.faultMs ?? 30_000;
  const rate = o.rate ?? 100;
  const name = `Kafka broker stopped ${faultMs / 1000} s`;
  const r: DrillReport = {
    drill: name,
    requests: 0,
    acknowledged: 0,
    found: 0,
    lost: 0,
    unexpected5xx: 0,
    hangs: 0,
    maxFaultLatencyMs: 0,
    recovered: false,
    recoverMs: null,
    failures: [],
    notes: [],
  };
  log('   setting up 3 tenants, their charts, statements and the charts to erase');
  const tenants: Tenant[] = [];
  for (let i = 0; i < 3; i++) tenants.push(await tenant(o.baseUrl, 12));
  // Every event so far is applied before counting starts.
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(250))
    if ((await topicRecords(o.brokers, FEEDBACK_TOPIC, 'feedback-aggregator')).lag === 0) break;
  const appliedBefore = await consumedOk(o.feedbackMetricsPort);

  let phase: Sent['phase'] = 'before';
  let running = true;
  const feedback: Sent[] = [];
  const erasures: (Sent & { chart: string })[] = [];
  const hangMs = 20_000;
  const timed = async <T extends { status: number; json: any }>(p: Promise<T>): Promise<T | undefined> =>
    Promise.race([p.catch(() => undefined), sleep(hangMs).then(() => undefined)]);

  // Open loop: submission n is due at start + n/rate, at most 200 in flight (a stalled gateway shows
  // as hangs, not as a slower sender).
  const feedbackLoop = (async () => {
    const start = Date.now();
    const inFlight = new Set<Promise<void>>();
    for (let n = 0; running; n++) {
      const due = start + (n * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      if (inFlight.size >= 200) await Promise.race(inFlight);
      const t = tenants[n % tenants.length]!;
      const p0 = phase;
      const sentAt = Date.now();
      const p = timed(
        call(o.baseUrl, 'POST', '/v1/feedback', {
          token: t.key,
          body: { statement_id: t.statements[n % t.statements.length], verdict: n % 3 ? 'correct' : 'wrong' },
          timeoutMs: hangMs,
        }),
      ).then((a) => {
        feedback.push({
          phase: p0,
          status: a?.status ?? 0,
          id: a?.status === 201 ? a.json?.id : undefined,
          ms: Date.now() - sentAt,
        });
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
  })();
  const erasureLoop = (async () => {
    const victims = tenants.flatMap((t) => t.victims.map((chart) => ({ chart, key: t.key })));
    for (const v of victims) {
      if (!running) break;
      const p0 = phase;
      const sentAt = Date.now();
      const a = await timed(call(o.baseUrl, 'DELETE', `/v1/charts/${v.chart}`, { token: v.key, timeoutMs: hangMs }));
      erasures.push({ phase: p0, status: a?.status ?? 0, chart: v.chart, ms: Date.now() - sentAt });
      await sleep(1200);
    }
  })();

  await sleep(5000);
  phase = 'fault';
  log(`   stopping the broker for ${faultMs / 1000} s`);
  await o.broker.stop();
  await sleep(faultMs);
  phase = 'after';
  const restart = Date.now();
  await o.broker.start();
  const startup = (Date.now() - restart) / 1000;
  log(`   broker back after ${startup.toFixed(1)} s of start-up`);
  await sleep(8000);
  running = false;
  await Promise.all([feedbackLoop, erasureLoop]);

  const all = [...feedback, ...erasures];
  r.requests = all.length;
  r.hangs = all.filter((s) => s.status === 0).length;
  r.unexpected5xx = all.filter((s) => s.status >= 500).length;
  r.maxFaultLatencyMs = all.filter((s) => s.phase === 'fault').reduce((m, s) => Math.max(m, s.ms), 0);
  const statuses = (ss: Sent[]) => {
    const by = new Map<number, number>();
    for (const s of ss) by.set(s.status, (by.get(s.status) ?? 0) + 1);
    return [...by].map(([st, n]) => `${n} x ${st || 'no answer'}`).join(', ');
  };
  const inFault = feedback.filter((s) => s.phase === 'fault');
  r.notes.push(
    `feedback: ${feedback.length} submissions (${inFault.length} while the broker was down): ${statuses(feedback)}`,
  );
  r.notes.push(`erasures: ${erasures.length} chart deletions: ${statuses(erasures)}`);
  r.notes.push(`broker down ${faultMs / 1000} s, then ${startup.toFixed(1)} s from its restart to answering requests`);
  const non2xx = all.filter((s) => s.status < 200 || s.status >= 300).length;
  if (non2xx) r.failures.push(`${non2xx} requests not answered 2xx`);

  // Delivery: an audit group reads both topics from the beginning.
  const ackedFeedback = new Set(feedback.filter((s) => s.status === 201 && s.id).map((s) => s.id!));
  const ackedErasures = erasures.filter((s) => s.status === 204).map((s) => s.chart);
  r.acknowledged = ackedFeedback.size + ackedErasures.length;
  const seenFeedback = new Map<string, number>();
  const seenErasures = new Map<string, number>();
  const audit = createEventBus({ databaseUrl: '', kafkaBrokers: o.brokers, clientId: 'broker-drill-audit' });
  const group = `broker-drill-audit-${randomBytes(4).toString('hex')}`;
  const bump = (m: Map<string, number>, k: string | undefined) => k && m.set(k, (m.get(k) ?? 0) + 1);
  try {
    await audit.subscribe(group, FEEDBACK_TOPIC, async (e) => void bump(seenFeedback, (e.payload as any)?.feedback_id));
    await audit.subscribe(group, ERASURE_TOPIC, async (e) => void bump(seenErasures, (e.payload as any)?.chart_id));
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const missing =
        [...ackedFeedback].filter((id) => !seenFeedback.has(id)).length +
        ackedErasures.filter((c) => !seenErasures.has(c)).length;
      if (missing === 0) break;
      await sleep(500);
    }
  } finally {
    await audit.close();
  }
  const lostEvents =
    [...ackedFeedback].filter((id) => !seenFeedback.has(id)).length +
    ackedErasures.filter((c) => !seenErasures.has(c)).length;
  const publishedTwice = [...seenFeedback.values(), ...seenErasures.values()].filter((n) => n > 1).length;

  // Applied: the aggregator's group has consumed everything, and its consume counter grew by the
  // number of feedback records on the topic since counting started (each applied once).
  let aggregatorLag = -1;
  for (const until = Date.now() + 90_000; Date.now() < until; await sleep(500)) {
    aggregatorLag = (await topicRecords(o.brokers, FEEDBACK_TOPIC, 'feedback-aggregator')).lag;
    if (aggregatorLag === 0) break;
  }
  // Records written since counting started (including any of a write the gateway did not acknowledge).
  const setup = new Set(tenants.flatMap((t) => t.setupFeedback));
  const records = [...seenFeedback].filter(([id]) => !setup.has(id)).reduce((n, [, c]) => n + c, 0);
  const applied = (await consumedOk(o.feedbackMetricsPort)) - appliedBefore;
  // Handler runs beyond one per record: redeliveries after the consumers' reconnects (at-least-once).
  const redelivered = Math.max(0, applied - records);
  const notApplied = Math.max(0, records - applied);

  // Applied twice = counted twice: each template's aggregate (the API's sample_size) against the
  // feedback rows stored for it. A redelivery the aggregator absorbs leaves them equal.
  let doubleCounted = 0;
  let missed = 0;
  const agg = new pg.Client({ connectionString: o.feedbackDatabaseUrl });
  await agg.connect();
  try {
    for (const t of tenants)
      for (const template of t.templates) {
        const { rows } = await agg.query(
          'SELECT count(*)::int AS n FROM feedback_entries WHERE tenant_id = $1 AND template_id = $2',
          [t.id, template],
        );
        const api = await call(o.baseUrl, 'GET', `/v1/feedback/templates/${encodeURIComponent(template)}`, {
          token: t.key,
        });
        const sample = api.status === 200 ? Number(api.json?.sample_size) : 0;
        if (sample > rows[0].n) doubleCounted += sample - rows[0].n;
        if (sample < rows[0].n) missed += rows[0].n - sample;
      }
  } finally {
    await agg.end();
  }

  // Erasures carried out: no feedback row of a deleted chart is left.
  const db = new pg.Client({ connectionString: o.feedbackDatabaseUrl });
  await db.connect();
  let leftRows = -1;
  try {
    for (const until = Date.now() + 90_000; Date.now() < until; await sleep(500)) {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM feedback_entries WHERE chart_id = ANY($1)', [
        ackedErasures,
      ]);
      leftRows = rows[0].n as number;
      if (leftRows === 0) break;
    }
  } finally {
    await db.end();
  }

  r.lost = lostEvents + notApplied + missed + (leftRows > 0 ? leftRows : 0);
  r.found = r.acknowledged - lostEvents;
  r.recovered = aggregatorLag === 0 && leftRows === 0 && lostEvents === 0;
  r.recoverMs = r.recovered ? Date.now() - restart : null;
  r.notes.push(
    `events: ${ackedFeedback.size} acknowledged feedback writes and ${ackedErasures.length} acknowledged erasures; ` +
      `lost ${lostEvents}, on the topic twice ${publishedTwice}; aggregator lag ${aggregatorLag}, ` +
      `${records} records handled ${applied} times (${redelivered} redeliveries, ${notApplied} never handled); ` +
      `aggregates vs stored rows: applied twice (double-counted) ${doubleCounted}, missed ${missed}; ` +
      `feedback rows of erased charts left ${leftRows}`,
  );
  if (lostEvents) r.failures.push(`${lostEvents} acknowledged writes' events never reached the broker`);
  if (doubleCounted) r.failures.push(`${doubleCounted} verdicts counted twice`);
  if (notApplied || missed) r.failures.push(`${notApplied + missed} events not applied`);
  if (leftRows) r.failures.push(`${leftRows} feedback rows of erased charts still stored`);
  if (r.hangs) r.failures.push(`${r.hangs} requests got no answer within ${hangMs / 1000} s`);
  return r;
}
