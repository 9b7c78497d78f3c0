// Stored charts a calc service has read recently, so a calc request does not cost a gRPC hop to the
// chart service and its SELECT every time. Safe because a stored chart never changes: it is created
// and later deleted (chart.deleted, tenant.data_erased), never updated. Deletion reaches the cache
// twice: synchronously through the service's DataErasureService.Erase, which the chart service calls
// before it commits, and from the bus after the commit (joinErasure), which also covers a replica the
// call did not reach and a read that refilled the entry between the call and the commit. A read
// already in flight when an erasure arrives is not stored (the generation ticket), and a chart that
// is not found is never cached, so a deleted chart answers 404 as before.
//
// With several replicas of a calc service, the Erase call reaches one of them and the bus event one
// of them (the replicas share a consumer group), so another replica may never hear of the deletion.
// Every replica therefore also follows the chart service's WatchErasures stream (ChartReader
// .watchErasures), which tells every replica's deletions as they commit; while it does (`hearing`),
// entries stay until erased. While it does not, entries expire (CALC_CHART_MAX_AGE_MS): such a replica
// answers a deleted chart for at most that long, and a chart is read from the chart service at most
// once per that period per replica.
//
// A service may also keep derived forms of a chart beside it (a `variant`: vedic-calc's chart
// recomputed in another ayanamsha). The variant is part of the key, so two forms never mix, and an
// erasure of the chart drops every variant with it. The chart service keeps its own rows in one
// (`V` = its ChartRecord; services/chart/src/store/chart-read-cache.ts), erased by its own deletes.
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';

interface Entry<V> {
  tenantId: string;
  chartId: string;
  chart: V;
  storedAtMs: number;
}

/** How long a calc service trusts a cached chart (see above: the bound on a deleted chart's staleness). */
export const CALC_CHART_MAX_AGE_MS = 1000;

export class ChartCache<V = StoredChart> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every erasure: a chart fetched before one must not be stored after it. */
  private generation = 0;
  /** Every deletion is heard (an erasure stream is up): entries do not expire meanwhile. */
  private hearing = false;

  /**
   * @param capacity charts kept (least recently used dropped first); a stored chart is a few kB
   * @param maxAgeMs how long an entry answers after it was stored (Infinity: until erased or dropped)
   */
  constructor(
    private readonly capacity = 2000,
    private readonly maxAgeMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** A snapshot to pass back to put(), taken before asking the chart service. */
  ticket(): number {
    return this.generation;
  }

  get(tenantId: string, chartId: string, variant = ''): V | undefined {
    const key = keyOf(tenantId, chartId, variant);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (!this.hearing && this.now() - hit.storedAtMs > this.maxAgeMs) return undefined; // expired: read it afresh
    this.entries.set(key, hit); // most recently used last
    return hit.chart;
  }

  /**
   * Keeps `chart`, frozen: every caller shares the one object, so a handler that modified it would
   * change the next request's chart (it throws instead).
   */
  put(tenantId: string, chartId: string, chart: V, ticket: number, variant = ''): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyOf(tenantId, chartId, variant), {
      tenantId,
      chartId,
      chart: deepFreeze(chart),
      storedAtMs: this.now(),
    });
  }

  /** Erasure: drops the tenant's charts (one chart when given), every variant; the count removed. */
  erase(tenantId: string, chartId: string | null): number {
    this.generation++;
    let n = 0;
    for (const [k, e] of this.entries)
      if (e.tenantId === tenantId && (chartId === null || e.chartId === chartId)) {
        this.entries.delete(k);
        n++;
      }
    return n;
  }

  /**
   * An erasure stream said hello (`true`): what is kept may predate deletions nobody heard, so it is
   * dropped, and from now on entries stay until erased. `false`: the stream broke; entries age again
   * (an entry older than maxAgeMs expires at once).
   */
  hearErasures(yes: boolean): void {
    if (yes) this.clear();
    this.hearing = yes;
  }

  /** Whether an erasure stream is up (hearErasures). */
  get hearingErasures(): boolean {
    return this.hearing;
  }

  /**
   * A message of the chart service's WatchErasures stream (chart.proto ChartErasure): hello, one
   * chart, or a tenant's charts; a kind this code does not know drops everything. Chart ids are
   * compared lowercased, as PostgreSQL spells a uuid (the keys of every cache of charts).
   */
  applyErasure(m: { kind: string; tenant_id: string; chart_id: string }): void {
    if (m.kind === 'hello') this.hearErasures(true);
    else if (m.kind === 'chart' && m.tenant_id && m.chart_id) this.erase(m.tenant_id, m.chart_id.toLowerCase());
    else if (m.tenant_id) this.erase(m.tenant_id, null);
    else this.clear();
  }

  /** Drops everything (a cache that can no longer hear erasures must not answer from memory). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** `#` cannot occur in a tenant or chart id (UUIDs), so variants never collide with plain keys. */
function keyOf(tenantId: string, chartId: string, variant: string): string {
  return variant ? `${tenantId}/${chartId}#${variant}` : `${tenantId}/${chartId}`;
}

/**
 * Freezes `o` and everything it holds: a value shared between requests must not be changed by one.
 * Byte arrays cannot be frozen (V8 refuses): they are kept as they are (the gateway's cached answers).
 */
export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o) && !ArrayBuffer.isView(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}
