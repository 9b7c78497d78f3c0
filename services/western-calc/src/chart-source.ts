// Reads the caller's stored chart from the chart service (ChartReaderService): the tenant comes from
// the principal the gateway authenticated, so another tenant's chart is simply not found (404).
import * as grpc from '@grpc/grpc-js';
import { ChartReaderServiceClient, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { AppError, channelOptions, outgoingMetadata, unary, type CallContext } from '@astro/platform';

export type { StoredChart };

/** Reads stored charts; every Western route goes through `load`. */
export interface ChartLoader {
  load(ctx: CallContext, chartId: string): Promise<StoredChart>;
}

export class ChartSource implements ChartLoader {
  private readonly client: ChartReaderServiceClient;

  constructor(address: string) {
    this.client = new ChartReaderServiceClient(address, grpc.credentials.createInsecure(), channelOptions());
  }

  /** The Western chart `chartId` of the caller's tenant; a Vedic chart answers 422 unsupported_astrology_system. */
  async load(ctx: CallContext, chartId: string): Promise<StoredChart> {
    const tenantId = ctx.principal?.tenant_id;
    if (!tenantId) throw new AppError('unauthorized', 'No caller.', { reason: 'missing' });
    const stored = await unary(
      this.client,
      this.client.readChart,
      { tenant_id: tenantId, chart_id: chartId },
      { metadata: outgoingMetadata() },
    );
    if (stored.chart?.system !== 'western')
      throw new AppError('unsupported_astrology_system', 'This route needs a Western chart.', {
        chart_id: chartId,
        system: stored.chart?.system ?? null,
        required: 'western',
      });
    return stored;
  }

  close(): void {
    this.client.close();
  }
}
