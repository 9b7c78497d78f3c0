import type { ChartSource } from '../chart-source.ts';

/** What every handler module of vedic-calc receives. */
export interface VedicDeps {
  charts: ChartSource;
}
