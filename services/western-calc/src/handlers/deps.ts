import type { ChartLoader } from '../clients/chart-source.ts';
import type { TransitSearch } from '../clients/transit-pool.ts';

/** What every handler module of western-calc receives. */
export interface WesternDeps {
  charts: ChartLoader;
  /** The transit-window search, off the main thread in the service. */
  transits: TransitSearch;
}
