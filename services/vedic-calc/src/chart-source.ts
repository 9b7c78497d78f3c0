// Reads the caller's stored chart from the chart service (ChartReaderService): the tenant comes from
// the principal the gateway authenticated, so another tenant's chart is simply not found.
import * as grpc from '@grpc/grpc-js';
import { ChartReaderServiceClient, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { AppError, channelOptions, outgoingMetadata, unary, type CallContext } from '@astro/platform';

export type { StoredChart };

export class ChartSource {
  private readonly client: ChartReaderServiceClient;

  constructor(address: string) {
    this.client = new ChartReaderServiceClient(address, grpc.credentials.createInsecure(), channelOptions());
  }

  /**
   * The chart `chartId` of the caller's tenant. Vedic-only routes (the default) answer 422
   * unsupported_astrology_system for a Western chart.
   */
  async load(ctx: CallContext, chartId: string, opts: { allowWestern?: boolean } = {}): Promise<StoredChart> {
    const tenantId = ctx.principal?.tenant_id;
    if (!tenantId) throw new AppError('unauthorized', 'No caller.', { reason: 'missing' });
    const stored = await unary(
      this.client,
      this.client.readChart,
      { tenant_id: tenantId, chart_id: chartId },
      { metadata: outgoingMetadata() },
    );
    if (!opts.allowWestern && stored.chart?.system !== 'vedic')
      throw new AppError('unsupported_astrology_system', 'This route needs a Vedic chart.', {
        chart_id: chartId,
        system: stored.chart?.system ?? null,
        required: 'vedic',
      });
    return stored;
  }

  close(): void {
    this.client.close();
  }
}
