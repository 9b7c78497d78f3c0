import type { HttpBodyAnswer } from '@astro/platform';
import type { ChartSource } from '../clients/chart-source.ts';
import type { ChainCache } from '../store/chain-cache.ts';

/** What every handler module of vedic-calc receives. */
export interface VedicDeps {
  charts: ChartSource;
  /** Serialised Vimshottari chains (GetVimshottari answers), dropped on erasure. */
  chains: ChainCache<HttpBodyAnswer>;
}
