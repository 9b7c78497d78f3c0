// vedic-calc's view of the shared chart read path (@astro/platform ChartReader): Vedic charts only,
// unless a route that also serves Western charts (the divisional charts) asks otherwise. Every chart
// comes back in the request's ayanamsha (request-ayanamsha.ts): a Vedic chart stored in another one
// is recomputed, and the recomputed form is cached under (tenant, chart, ayanamsha), never in place
// of the stored one, so answers in different ayanamshas never mix.
import { isAyanamsha } from '@astro/astro-core';
import {
  CALC_CHART_MAX_AGE_MS,
  ChartCache,
  ChartReader,
  requireTenant,
  type CallContext,
  type Logger,
  type StoredChart,
} from '@astro/platform';
import { reframeChart } from './chart-reframe.ts';
import { settleAyanamsha } from './request-ayanamsha.ts';

export type { StoredChart };

export class ChartSource {
  private readonly reader: ChartReader;
  private readonly cache = new ChartCache(undefined, CALC_CHART_MAX_AGE_MS);

  /** Follows the chart service's deletions, so cached charts stay until erased (platform chart-cache.ts). */
  constructor(address: string, logger: Logger) {
    this.reader = new ChartReader(address, this.cache);
    this.reader.watchErasures(logger);
  }

  /** Erasure: the chart (or every chart of the tenant when null), in every ayanamsha, is read afresh next time. */
  forget(tenantId: string, chartId: string | null): void {
    this.cache.erase(tenantId, chartId);
  }

  async load(ctx: CallContext, chartId: string, opts: { allowWestern?: boolean } = {}): Promise<StoredChart> {
    // Taken before the read: an erasure after it (while the chart service answers) keeps the
    // recomputed form out of the cache, as ChartReader does for the stored one.
    const ticket = this.cache.ticket();
    const stored = await this.reader.load(ctx, chartId, opts.allowWestern ? 'any' : 'vedic');
    const chart = stored.chart;
    const id = settleAyanamsha(chart?.ayanamsha, stored.jd_ut);
    if (!chart || chart.system !== 'vedic' || chart.ayanamsha === id || !isAyanamsha(id)) return stored;
    const tenantId = requireTenant(ctx);
    const cached = this.cache.get(tenantId, chartId, id);
    if (cached) return cached;
    const reframed = reframeChart(stored, id);
    if (chart.id === chartId) this.cache.put(tenantId, chartId, reframed, ticket, id);
    return reframed;
  }

  close(): void {
    this.reader.close();
  }
}
