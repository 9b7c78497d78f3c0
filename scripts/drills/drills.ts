// The fault drills (README "Fault drills"): each runs load against a gateway, injects one fault through
// callbacks (stop a service, stop Redis, restart PostgreSQL, stop an event consumer), lifts it, and
// reports what was held and what was lost. The callbacks keep the drills independent of who owns the
// processes: `npm run drills` (scripts/drills/run.ts) owns a whole fleet, tests/drills.test.ts owns
// one service or one Redis beside the shared test fleet.
import { call, Load, sleep, type Sample } from './load.ts';

export interface DrillReport {
  drill: string;
  requests: number;
  /** Writes the API acknowledged (2xx) — for the consumer drill, acknowledged chart deletions. */
  acknowledged: number;
  /** Acknowledged writes found afterwards — for the consumer drill, deletions the consumer carried out. */
  found: number;
  lost: number;
  /** 5xx answers other than the documented 503 `service_unavailable`. */
  unexpected5xx: number;
  /** Requests with no answer within the hang limit. */
  hangs: number;
  maxFaultLatencyMs: number;
  recovered: boolean;
  recoverMs: number | null;
  /** Broken promises; empty when the drill passed. */
  failures: string[];
  notes: string[];
}

export interface Fault {
  stop(): Promise<void>;
  start(): Promise<void>;
}

const DELHI = 'latitude=28.6139&longitude=77.209&timezone=Asia%2FKolkata';
const BIRTH = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

const is503 = (s: Sample) => s.status === 503 && s.code === 'service_unavailable';
const maxMs = (ss: Sample[]) => ss.reduce((m, s) => Math.max(m, s.ms), 0);

export function emptyReport(drill: string): DrillReport {
  return tally(drill, []);
}

function tally(drill: string, samples: Sample[]): DrillReport {
  const fault = samples.filter((s) => s.phase === 'fault');
  return {
    drill,
    requests: samples.length,
    acknowledged: 0,
    found: 0,
    lost: 0,
    unexpected5xx: samples.filter((s) => s.status >= 500 && !is503(s)).length,
    hangs: samples.filter((s) => s.status === 0).length,
    maxFaultLatencyMs: maxMs(fault),
    recovered: false,
    recoverMs: null,
    failures: [],
    notes: [],
  };
}

function checkCommon(r: DrillReport) {
  if (r.unexpected5xx) r.failures.push(`${r.unexpected5xx} 5xx answers other than 503 service_unavailable`);
  if (r.hangs) r.failures.push(`${r.hangs} requests got no answer`);
  if (!r.recovered) r.failures.push('did not recover');
}

/** GETs every acknowledged id: an acknowledged write must still be there once the fault is over. */
async function verifyWrites(r: DrillReport, baseUrl: string, key: string, samples: Sample[]) {
  const ids = samples.filter((s) => s.status === 201 && s.id).map((s) => s.id!);
  r.acknowledged = ids.length;
  for (const id of ids) {
    const got = await call(baseUrl, 'GET', `/v1/charts/${id}`, { token: key });
    if (got.status === 200 && got.json?.id === id) r.found++;
  }
  r.lost = r.acknowledged - r.found;
  if (r.lost) r.failures.push(`${r.lost} acknowledged writes lost`);
}

/**
 * Runs the load for at least `ms`, then until its first success (a slow machine's first requests can
 * take longer than the minimum): a fault injected before anything succeeded would prove nothing.
 */
async function warmUp(load: Load, ms: number, deadlineMs = 20_000) {
  await sleep(ms);
  if ((await load.firstSuccessAfter(0, deadlineMs)) === null)
    throw new Error(`no request succeeded within ${ms + deadlineMs} ms, before the fault`);
}

/**
 * A calc service stops under load: the gateway answers 503 `service_unavailable` in the error envelope
 * within its backend deadline (never hangs, never another 5xx) and serves again once the service is back.
 */
export async function calcServiceDrill(o: {
  baseUrl: string;
  key: string;
  service: Fault;
  deadlineMs: number;
  faultMs?: number;
}): Promise<DrillReport> {
  const load = new Load(
    3,
    (i) =>
      call(o.baseUrl, 'GET', `/v1/vedic/panchanga?day=2024-11-${String(1 + (i % 28)).padStart(2, '0')}&${DELHI}`, {
        token: o.key,
      }),
    o.deadlineMs + 5000,
  );
  await warmUp(load, 1000);
  load.phase = 'fault';
  await o.service.stop();
  await sleep(o.faultMs ?? 3000);
  load.phase = 'after';
  const restart = Date.now();
  await o.service.start();
  const recoverMs = await load.firstSuccessAfter(restart, 60_000);
  await sleep(300);
  const samples = await load.stop();
  const r = tally('calc service stopped', samples);
  r.recovered = recoverMs !== null;
  r.recoverMs = recoverMs;
  const fault = samples.filter((s) => s.phase === 'fault');
  const refused = fault.filter(is503).length;
  if (!refused) r.failures.push('no 503 service_unavailable while the service was down');
  const odd = fault.filter((s) => s.status !== 200 && !is503(s) && s.status < 500 && s.status !== 0);
  if (odd.length) r.failures.push(`unexpected statuses during the fault: ${[...new Set(odd.map((s) => s.status))]}`);
  if (r.maxFaultLatencyMs > o.deadlineMs)
    r.failures.push(`an answer took ${r.maxFaultLatencyMs} ms, beyond the ${o.deadlineMs} ms deadline`);
  r.notes.push(`${refused} x 503 service_unavailable during the fault`);
  checkCommon(r);
  return r;
}

/**
 * Redis stops under load: limits fail open (reads and plain writes are served), requests carrying an
 * Idempotency-Key answer 503 `service_unavailable` (no double execution risked), nothing answers 500,
 * and idempotent writes are accepted again once Redis is back.
 */
export async function redisDrill(o: {
  baseUrl: string;
  key: string;
  chartId: string;
  redis: Fault;
  faultMs?: number;
}): Promise<DrillReport> {
  const hang = 20_000;
  const run = Math.random().toString(36).slice(2);
  const reads = new Load(2, () => call(o.baseUrl, 'GET', `/v1/charts/${o.chartId}`, { token: o.key }), hang);
  const plain = new Load(
    1,
    () => call(o.baseUrl, 'POST', '/v1/charts', { token: o.key, body: { birth: BIRTH } }),
    hang,
  );
  const idem = new Load(
    1,
    (i) =>
      call(o.baseUrl, 'POST', '/v1/charts', {
        token: o.key,
        body: { birth: BIRTH },
        headers: { 'idempotency-key': `drill-${run}-${i}` },
      }),
    hang,
  );
  const loads = [reads, plain, idem];
  await warmUp(idem, 1000);
  for (const l of loads) l.phase = 'fault';
  await o.redis.stop();
  await sleep(o.faultMs ?? 3000);
  for (const l of loads) l.phase = 'after';
  const restart = Date.now();
  await o.redis.start();
  const recoverMs = await idem.firstSuccessAfter(restart, 60_000);
  await sleep(300);
  const [rs, ps, is] = await Promise.all(loads.map((l) => l.stop()));
  const all = [...rs!, ...ps!, ...is!];
  const r = tally('Redis stopped', all);
  r.recovered = recoverMs !== null;
  r.recoverMs = recoverMs;
  const inFault = (ss: Sample[]) => ss.filter((s) => s.phase === 'fault');
  const failedReads = inFault(rs!).filter((s) => s.status !== 200).length;
  const failedPlain = inFault(ps!).filter((s) => s.status !== 201).length;
  const idemFault = inFault(is!);
  const idem503 = idemFault.filter(is503).length;
  if (failedReads) r.failures.push(`${failedReads} reads not served while Redis was down (limits should fail open)`);
  if (failedPlain) r.failures.push(`${failedPlain} plain writes not served while Redis was down`);
  if (!idem503) r.failures.push('no 503 service_unavailable for Idempotency-Key requests while Redis was down');
  const oddIdem = idemFault.filter((s) => s.status !== 201 && !is503(s));
  if (oddIdem.length)
    r.failures.push(`Idempotency-Key requests answered ${[...new Set(oddIdem.map((s) => s.status))]}`);
  r.notes.push(
    `fault: ${inFault(rs!).length} reads served (fail open), ${inFault(ps!).length} plain writes, ` +
      `${idem503}/${idemFault.length} Idempotency-Key writes 503`,
  );
  await verifyWrites(r, o.baseUrl, o.key, all);
  checkCommon(r);
  return r;
}

/**
 * PostgreSQL restarts under write load: every acknowledged write is there afterwards, errors during
 * the outage are 503 (never another 5xx, never a hang) and writes succeed again once it is back.
 */
export async function postgresDrill(o: {
  baseUrl: string;
  key: string;
  postgres: Fault;
  downMs?: number;
}): Promise<DrillReport> {
  const load = new Load(
    3,
    () => call(o.baseUrl, 'POST', '/v1/charts', { token: o.key, body: { birth: BIRTH } }),
    30_000,
  );
  await warmUp(load, 1000);
  load.phase = 'fault';
  await o.postgres.stop();
  await sleep(o.downMs ?? 2000);
  const restart = Date.now();
  await o.postgres.start();
  load.phase = 'after';
  const recoverMs = await load.firstSuccessAfter(restart, 90_000);
  await sleep(500);
  const samples = await load.stop();
  const r = tally('PostgreSQL restarted', samples);
  r.recovered = recoverMs !== null;
  r.recoverMs = recoverMs;
  const statuses = [
    ...new Set(samples.filter((s) => s.phase !== 'before').map((s) => `${s.status}${s.code ? ` ${s.code}` : ''}`)),
  ];
  r.notes.push(`answers during/after the outage: ${statuses.join(', ')}`);
  await verifyWrites(r, o.baseUrl, o.key, samples);
  checkCommon(r);
  return r;
}

/**
 * An erasure consumer (western-calc, group of `chart.deleted`) is stopped while charts are deleted:
 * the deletions are acknowledged, and once the consumer is back it catches up and removes every
 * compatibility report naming a deleted chart.
 */
export async function consumerDrill(o: {
  baseUrl: string;
  key: string;
  consumer: Fault;
  /** Compatibility reports of the tenant that name one of these charts (western-calc's database). */
  reportsNaming: (chartIds: string[]) => Promise<number>;
  charts?: number;
}): Promise<DrillReport> {
  const n = o.charts ?? 5;
  const created = async () => {
    const c = await call(o.baseUrl, 'POST', '/v1/charts', {
      token: o.key,
      body: { birth: BIRTH, system: 'western', ayanamsha: null },
    });
    if (c.status !== 201) throw new Error(`chart creation answered ${c.status}`);
    return c.json.id as string;
  };
  const anchor = await created();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await created();
    const rel = await call(o.baseUrl, 'POST', '/v1/western/relationships', {
      token: o.key,
      body: { chart_a_id: id, chart_b_id: anchor },
    });
    if (rel.status !== 200) throw new Error(`relationship answered ${rel.status}: ${JSON.stringify(rel.json)}`);
    ids.push(id);
  }
  if ((await o.reportsNaming(ids)) !== n) throw new Error('the compatibility reports were not stored');
  await o.consumer.stop();
  const samples: Sample[] = [];
  for (const id of ids) {
    const startedAt = Date.now();
    const del = await call(o.baseUrl, 'DELETE', `/v1/charts/${id}`, { token: o.key });
    samples.push({
      phase: 'fault',
      startedAt,
      ms: Date.now() - startedAt,
      status: del.status,
      code: del.json?.error?.code,
    });
  }
  await sleep(1000);
  const heldWhileDown = await o.reportsNaming(ids);
  const restart = Date.now();
  await o.consumer.start();
  let left = heldWhileDown;
  while (left > 0 && Date.now() - restart < 60_000) {
    await sleep(200);
    left = await o.reportsNaming(ids);
  }
  const r = tally('consumer stopped during erasure', samples);
  r.acknowledged = samples.filter((s) => s.status === 204).length;
  r.found = n - left;
  r.lost = left;
  r.recovered = left === 0;
  r.recoverMs = left === 0 ? Date.now() - restart : null;
  if (r.acknowledged !== n) r.failures.push(`${n - r.acknowledged} deletions not acknowledged`);
  if (left) r.failures.push(`${left} reports of deleted charts still stored after the consumer came back`);
  r.notes.push(`${heldWhileDown} reports still stored while the consumer was down (erased after restart)`);
  checkCommon(r);
  return r;
}

export function formatReports(reports: DrillReport[]): string {
  const head = [
    'drill',
    'requests',
    'acked writes',
    'found after',
    'lost',
    '5xx (not 503)',
    'hangs',
    'max fault ms',
    'recovered',
  ];
  const rows = reports.map((r) => [
    r.drill,
    String(r.requests),
    String(r.acknowledged),
    String(r.found),
    String(r.lost),
    String(r.unexpected5xx),
    String(r.hangs),
    String(r.maxFaultLatencyMs),
    r.recovered ? `yes (${r.recoverMs} ms)` : 'no',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
  for (const r of reports) {
    for (const n of r.notes) out.push(`  ${r.drill}: ${n}`);
    for (const f of r.failures) out.push(`  ${r.drill}: FAILED: ${f}`);
  }
  return out.join('\n');
}

/** The relay's per-key lock (packages/platform/src/bus/outbox-relay.ts), held by the drill to stall it. */
export interface RelayStall {
  /** Holds the lock of `key` (the tenant) in the service's database: committed rows stay unsent. */
  hold(key: string): Promise<void>;
  release(): Promise<void>;
  /** Unsent outbox rows of `key`. */
  pending(key: string): Promise<number>;
}

/**
 * A publisher killed between its commit and the relay's publish (issue 16): chart deletions are
 * acknowledged while the relay is stalled (it cannot take the tenant's key) and the consumer that must
 * act on them (western-calc) is down, so only the chart.deleted events can erase its rows. The chart
 * service is then SIGKILLed with the events still in its outbox, and restarted: every acknowledged
 * deletion's event must still be delivered and applied.
 */
export async function publisherKillDrill(o: {
  baseUrl: string;
  key: string;
  tenantId: string;
  publisher: Fault & { kill(): Promise<void> };
  consumer: Fault;
  stall: RelayStall;
  reportsNaming: (chartIds: string[]) => Promise<number>;
  charts?: number;
}): Promise<DrillReport> {
  const n = o.charts ?? 5;
  const ids = await chartsWithReports(o.baseUrl, o.key, n);
  if ((await o.reportsNaming(ids)) !== n) throw new Error('the compatibility reports were not stored');
  await o.consumer.stop();
  await o.stall.hold(o.tenantId);
  const samples: Sample[] = [];
  let pendingAtKill = 0;
  try {
    for (const id of ids) samples.push(await deleteChart(o.baseUrl, o.key, id));
    pendingAtKill = await o.stall.pending(o.tenantId);
    await o.publisher.kill();
  } finally {
    await o.stall.release();
  }
  const restart = Date.now();
  await o.publisher.start();
  await o.consumer.start();
  let left = await o.reportsNaming(ids);
  while (left > 0 && Date.now() - restart < 60_000) {
    await sleep(200);
    left = await o.reportsNaming(ids);
  }
  const r = tally('publisher SIGKILLed before its relay published', samples);
  r.acknowledged = samples.filter((s) => s.status === 204).length;
  r.found = n - left;
  r.lost = left;
  r.recovered = left === 0;
  r.recoverMs = left === 0 ? Date.now() - restart : null;
  if (r.acknowledged !== n) r.failures.push(`${n - r.acknowledged} deletions not acknowledged`);
  if (pendingAtKill < n) r.failures.push(`only ${pendingAtKill} of ${n} events were still in the outbox at the kill`);
  if (left) r.failures.push(`${left} events of acknowledged deletions never applied after the restart`);
  r.notes.push(`${pendingAtKill} events committed but unpublished when the chart service was SIGKILLed`);
  checkCommon(r);
  return r;
}

/**
 * A consumer killed in the middle of an erasure: a backlog of chart.deleted events waits while the
 * consumer is down; it is started and SIGKILLed as soon as it has applied some but not all of them,
 * then started again. Afterwards none of the deleted charts' rows may remain.
 */
export async function consumerKillDrill(o: {
  baseUrl: string;
  key: string;
  consumer: Fault & { kill(): Promise<void> };
  reportsNaming: (chartIds: string[]) => Promise<number>;
  charts?: number;
}): Promise<DrillReport> {
  const n = o.charts ?? 20;
  const ids = await chartsWithReports(o.baseUrl, o.key, n);
  if ((await o.reportsNaming(ids)) !== n) throw new Error('the compatibility reports were not stored');
  await o.consumer.stop();
  const samples: Sample[] = [];
  for (const id of ids) samples.push(await deleteChart(o.baseUrl, o.key, id));
  const before = await o.reportsNaming(ids);
  // Start it, and kill it at the first sign of progress (some rows gone, not all).
  const starting = o.consumer.start().catch(() => {});
  let atKill = before;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    atKill = await o.reportsNaming(ids);
    if (atKill < before) break;
    await sleep(5);
  }
  await o.consumer.kill();
  await starting;
  const restart = Date.now();
  await o.consumer.start();
  let left = await o.reportsNaming(ids);
  while (left > 0 && Date.now() - restart < 60_000) {
    await sleep(200);
    left = await o.reportsNaming(ids);
  }
  const r = tally('consumer SIGKILLed mid-erasure', samples);
  r.acknowledged = samples.filter((s) => s.status === 204).length;
  r.found = n - left;
  r.lost = left;
  r.recovered = left === 0;
  r.recoverMs = left === 0 ? Date.now() - restart : null;
  if (r.acknowledged !== n) r.failures.push(`${n - r.acknowledged} deletions not acknowledged`);
  if (left) r.failures.push(`${left} rows of deleted charts remain after the restart`);
  r.notes.push(
    atKill > 0 && atKill < before
      ? `killed with ${before - atKill} of ${before} erasures applied, ${atKill} pending`
      : `the kill did not land mid-way (${before - atKill} of ${before} applied at the kill)`,
  );
  checkCommon(r);
  return r;
}

async function chartsWithReports(baseUrl: string, key: string, n: number): Promise<string[]> {
  const created = async () => {
    const c = await call(baseUrl, 'POST', '/v1/charts', {
      token: key,
      body: { birth: BIRTH, system: 'western', ayanamsha: null },
    });
    if (c.status !== 201) throw new Error(`chart creation answered ${c.status}`);
    return c.json.id as string;
  };
  const anchor = await created();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await created();
    const rel = await call(baseUrl, 'POST', '/v1/western/relationships', {
      token: key,
      body: { chart_a_id: id, chart_b_id: anchor },
    });
    if (rel.status !== 200) throw new Error(`relationship answered ${rel.status}: ${JSON.stringify(rel.json)}`);
    ids.push(id);
  }
  return ids;
}

async function deleteChart(baseUrl: string, key: string, id: string): Promise<Sample> {
  const startedAt = Date.now();
  const del = await call(baseUrl, 'DELETE', `/v1/charts/${id}`, { token: key });
  return { phase: 'fault', startedAt, ms: Date.now() - startedAt, status: del.status, code: del.json?.error?.code };
}
