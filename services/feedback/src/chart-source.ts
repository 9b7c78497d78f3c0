// Reads the caller's stored chart from the chart service (ChartReaderService). The tenant comes from
// the principal the gateway authenticated, so another tenant's chart answers 404 chart_not_found.
import * as grpc from '@grpc/grpc-js';
import { ChartReaderServiceClient, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { channelOptions, outgoingMetadata, unary } from '@astro/platform';

export type { StoredChart };

export interface ChartReader {
  load(tenantId: string, chartId: string): Promise<StoredChart>;
}

export class ChartSource implements ChartReader {
  private readonly client: ChartReaderServiceClient;

  constructor(address: string) {
    this.client = new ChartReaderServiceClient(address, grpc.credentials.createInsecure(), channelOptions());
  }

  load(tenantId: string, chartId: string): Promise<StoredChart> {
    return unary(
      this.client,
      this.client.readChart,
      { tenant_id: tenantId, chart_id: chartId },
      { metadata: outgoingMetadata() },
    );
  }

  close(): void {
    this.client.close();
  }
}
