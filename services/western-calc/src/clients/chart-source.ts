// western-calc's view of the shared chart read path (@astro/platform ChartReader): Western charts only.
import { ChartReader, type CallContext, type StoredChart } from '@astro/platform';

export type { StoredChart };

/** Reads stored charts; every Western route goes through `load`. */
export interface ChartLoader {
  load(ctx: CallContext, chartId: string): Promise<StoredChart>;
}

export class ChartSource implements ChartLoader {
  private readonly reader: ChartReader;

  constructor(address: string) {
    this.reader = new ChartReader(address);
  }

  load(ctx: CallContext, chartId: string): Promise<StoredChart> {
    return this.reader.load(ctx, chartId, 'western');
  }

  close(): void {
    this.reader.close();
  }
}
