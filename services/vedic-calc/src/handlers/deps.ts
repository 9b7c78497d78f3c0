import type { HttpBodyAnswer } from '@astro/platform';
import type { ChartSource } from '../clients/chart-source.ts';
import type { ChainCache } from '../store/chain-cache.ts';
import type { ChainPool } from '../clients/chain-pool.ts';
import type { SaturnSearch } from '../clients/saturn-pool.ts';

/** What every handler module of vedic-calc receives. */
export interface VedicDeps {
  charts: ChartSource;
  /** Serialised Vimshottari chains (GetVimshottari answers), dropped on erasure. */
  chains: ChainCache<HttpBodyAnswer>;
  /** Worker threads that write the large chains (depth >= POOLED_DEPTH) off the main thread. */
  chainPool: ChainPool;
  /** Saturn's Sade Sati / Dhaiya search, in worker threads. */
  saturn: SaturnSearch;
}
