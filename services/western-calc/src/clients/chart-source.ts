// western-calc's view of the shared chart read path (@astro/platform ChartReader): Western charts only.
import {
  CALC_CHART_MAX_AGE_MS,
  ChartCache,
  ChartReader,
  type CallContext,
  type Logger,
  type StoredChart,
} from '@astro/platform';
import type { ChartForgetter } from '../domain/erasure/erasure.ts';

export type { StoredChart };

/** Reads stored charts; every Western route goes through `load`. */
export interface ChartLoader extends ChartForgetter {
  load(ctx: CallContext, chartId: string): Promise<StoredChart>;
}

export class ChartSource implements ChartLoader {
  private readonly reader: ChartReader;
  private readonly cache = new ChartCache(undefined, CALC_CHART_MAX_AGE_MS);

  /** Follows the chart service's deletions, so cached charts stay until erased (platform chart-cache.ts). */
  constructor(address: string, logger: Logger) {
    this.reader = new ChartReader(address, this.cache);
    this.reader.watchErasures(logger);
  }

  forget(tenantId: string, chartId: string | null): void {
    this.cache.erase(tenantId, chartId);
  }

  load(ctx: CallContext, chartId: string): Promise<StoredChart> {
    return this.reader.load(ctx, chartId, 'western');
  }

  close(): void {
    this.reader.close();
  }
}
