// Wiring: stores and chart reads -> use cases -> handlers -> gRPC services and bus subscriptions. No
// logic of its own; main.ts owns the process (config, pools, signals).
import { joinErasure, type EventBus, type Registration } from '@astro/platform';
import type { ChartLoader } from './clients/chart-source.ts';
import type { TransitSearch } from './clients/transit-pool.ts';
import { Erasure } from './domain/erasure/erasure.ts';
import type { ReportStore } from './domain/ports.ts';
import { erasureRegistrations } from './handlers/erasure-handlers.ts';
import { westernRegistrations } from './handlers/index.ts';

/** Consumer group of this service on the bus (every replica shares the work). */
export const ERASURE_GROUP = 'western-calc';

export interface WesternServerDeps {
  charts: ChartLoader;
  reports: ReportStore;
  transits: TransitSearch;
}

export interface WesternServer {
  registrations: Registration[];
  /** Joins the erasure topics; a consumer that was down catches up from its group's position. */
  subscribe(bus: EventBus): Promise<void>;
}

export function buildWesternServer(deps: WesternServerDeps): WesternServer {
  const erasure = new Erasure(deps.reports, deps.charts);
  return {
    registrations: [...westernRegistrations(deps), ...erasureRegistrations(erasure)],
    subscribe: (bus) =>
      joinErasure(bus, ERASURE_GROUP, ({ tenantId, chartId }) => erasure.erase(tenantId, chartId ?? undefined)),
  };
}
