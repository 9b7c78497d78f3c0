// Wiring: stores, place search and erasure participants -> use cases (domain) -> handlers -> gRPC
// services. No logic of its own; main.ts owns the process (config, pools, relay, signals).
import type { Registration } from '@astro/platform';
import { ChartErasure, type ErasureLogger, type ErasureParticipant } from './domain/chart-erasure.ts';
import { ChartUseCases, type ChartRepository, type PlaceSearchPort } from './domain/chart-use-cases.ts';
import type { DemoHitStore, DemoLimit } from './domain/demo-limiter.ts';
import { chartRegistrations } from './handlers/chart-handlers.ts';

export interface ChartServerDeps {
  charts: ChartRepository;
  demoHits: DemoHitStore;
  demoLimit: DemoLimit;
  places: PlaceSearchPort;
  participants: readonly ErasureParticipant[];
  logger: ErasureLogger;
}

export function buildChartServer(d: ChartServerDeps): { registrations: Registration[] } {
  const erasure = new ChartErasure(d.charts, d.participants, d.logger);
  const useCases = new ChartUseCases(d.charts, d.demoHits, d.demoLimit, d.places, erasure);
  return { registrations: chartRegistrations(useCases) };
}
