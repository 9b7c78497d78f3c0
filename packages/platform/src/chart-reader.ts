// The stored-chart read path shared by every service that computes from a chart (ChartReaderService
// of the chart service). The tenant comes from the principal the gateway authenticated, so another
// tenant's chart is simply not found (404 chart_not_found); a chart of the other astrology system
// answers 422 unsupported_astrology_system on routes that need one system.
import * as grpc from '@grpc/grpc-js';
import { ChartReaderServiceClient, type ChartErasure, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { requireTenant } from './caller.ts';
import type { ChartCache } from './chart-cache.ts';
import { AppError } from './errors.ts';
import { channelOptions, grpcTarget, outgoingMetadata, unary } from './grpc-client.ts';
import type { CallContext } from './grpc-server.ts';
import type { Logger } from './logger.ts';
import { followStream } from './stream-follower.ts';

export type { StoredChart };

/** Which chart system a route accepts. */
export type RequiredSystem = 'vedic' | 'western' | 'any';

export class ChartReader {
  private readonly client: ChartReaderServiceClient;
  private stopWatching?: () => void;

  /** @param cache recently read charts (chart-cache.ts); without one every read asks the chart service. */
  constructor(
    address: string,
    private readonly cache?: ChartCache,
  ) {
    this.client = new ChartReaderServiceClient(
      grpcTarget(address),
      grpc.credentials.createInsecure(),
      channelOptions(),
    );
  }

  /** The chart `chartId` of `tenantId`, whatever its system. */
  async read(tenantId: string, chartId: string): Promise<StoredChart> {
    const cached = this.cache?.get(tenantId, chartId);
    if (cached) return cached;
    const ticket = this.cache?.ticket();
    const stored = await unary(
      this.client,
      this.client.readChart,
      { tenant_id: tenantId, chart_id: chartId },
      { metadata: outgoingMetadata() },
    );
    // Only under the chart's own spelling of its id: erasure names that one (an upper-case UUID in the
    // URL finds the same row but would leave an entry the erasure does not match).
    if (ticket !== undefined && stored.chart?.id === chartId) this.cache!.put(tenantId, chartId, stored, ticket);
    return stored;
  }

  /** The chart `chartId` of the caller's tenant, refused when it is not of the `required` system. */
  async load(ctx: CallContext, chartId: string, required: RequiredSystem): Promise<StoredChart> {
    const stored = await this.read(requireTenant(ctx), chartId);
    if (required !== 'any' && stored.chart?.system !== required)
      throw new AppError(
        'unsupported_astrology_system',
        `This route needs a ${required === 'vedic' ? 'Vedic' : 'Western'} chart.`,
        {
          chart_id: chartId,
          system: stored.chart?.system ?? null,
          required,
        },
      );
    return stored;
  }

  /**
   * Follows the chart service's deletions (WatchErasures) into the cache, so its entries stay until
   * erased instead of expiring (chart-cache.ts); the returned function stops.
   */
  watchErasures(logger: Logger): () => void {
    const cache = this.cache;
    if (!cache) return () => {};
    const stop = followStream<ChartErasure>(
      () => this.client.watchErasures({}),
      {
        stream: 'ChartReaderService/WatchErasures',
        what: 'keeping charts past CALC_CHART_MAX_AGE_MS',
        onMessage: (m) => cache.applyErasure(m),
        onBroken: () => cache.hearErasures(false),
      },
      logger,
    );
    this.stopWatching = stop;
    return stop;
  }

  close(): void {
    this.stopWatching?.();
    this.client.close();
  }
}
