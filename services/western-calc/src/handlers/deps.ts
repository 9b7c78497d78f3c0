import type { ChartLoader } from '../clients/chart-source.ts';

/** What every handler module of western-calc receives. */
export interface WesternDeps {
  charts: ChartLoader;
}
