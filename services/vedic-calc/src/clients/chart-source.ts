// vedic-calc's view of the shared chart read path (@astro/platform ChartReader): Vedic charts only,
// unless a route that also serves Western charts (the divisional charts) asks otherwise.
import { ChartCache, ChartReader, type CallContext, type StoredChart } from '@astro/platform';

export type { StoredChart };

export class ChartSource {
  private readonly reader: ChartReader;
  private readonly cache = new ChartCache();

  constructor(address: string) {
    this.reader = new ChartReader(address, this.cache);
  }

  /** Erasure: the chart (or every chart of the tenant when null) is read afresh next time. */
  forget(tenantId: string, chartId: string | null): void {
    this.cache.erase(tenantId, chartId);
  }

  load(ctx: CallContext, chartId: string, opts: { allowWestern?: boolean } = {}): Promise<StoredChart> {
    return this.reader.load(ctx, chartId, opts.allowWestern ? 'any' : 'vedic');
  }

  close(): void {
    this.reader.close();
  }
}
