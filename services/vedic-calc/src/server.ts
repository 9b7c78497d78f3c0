// Wiring: chart reads (with their cache) and the chain cache -> handlers -> gRPC services and the erasure
// subscription. No
// logic of its own; main.ts owns the process.
import { joinErasure, type EventBus, type HttpBodyAnswer, type Registration } from '@astro/platform';
import type { ChartSource } from './clients/chart-source.ts';
import { eraseCaches } from './handlers/erasure-handlers.ts';
import { vedicRegistrations } from './handlers/index.ts';
import { ChainCache } from './store/chain-cache.ts';
import type { ChainPool } from './clients/chain-pool.ts';
import type { SaturnSearch } from './clients/saturn-pool.ts';

/** Consumer group of this service on the bus (every replica shares the work). */
export const ERASURE_GROUP = 'vedic-calc-erasure';

export interface VedicServer {
  registrations: Registration[];
  /** Erasure events also reach both caches (the chart service calls Erase directly as well). */
  subscribe(bus: EventBus): Promise<void>;
}

export function buildVedicServer(d: { charts: ChartSource; chainPool: ChainPool; saturn: SaturnSearch }): VedicServer {
  const deps = { charts: d.charts, chains: new ChainCache<HttpBodyAnswer>(), chainPool: d.chainPool, saturn: d.saturn };
  return {
    registrations: vedicRegistrations(deps),
    subscribe: (bus) =>
      joinErasure(bus, ERASURE_GROUP, async ({ tenantId, chartId }) => void eraseCaches(deps, tenantId, chartId)),
  };
}
