// The feedback service's port to stored charts, over the shared read path (@astro/platform ChartReader).
// The tenant is passed explicitly (talent profiles and reports read any system's chart).
import { ChartReader as PlatformChartReader, type StoredChart } from '@astro/platform';
import type { ChartReader } from '../domain/ports.ts';

export type { ChartReader, StoredChart };

export class ChartSource implements ChartReader {
  private readonly reader: PlatformChartReader;

  constructor(address: string) {
    this.reader = new PlatformChartReader(address);
  }

  load(tenantId: string, chartId: string): Promise<StoredChart> {
    return this.reader.read(tenantId, chartId);
  }

  close(): void {
    this.reader.close();
  }
}
