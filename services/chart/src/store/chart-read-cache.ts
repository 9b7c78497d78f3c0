// Chart reads from memory: GET /v1/charts/{id} and the calc services' ReadChart were a SELECT each
// (a PostgreSQL round trip and the parse of a 4 KB jsonb row, issue 18's chart-read profile). A stored
// chart never changes: it is created, then deleted (alone or with its tenant), never updated, so the
// only thing a cached row can miss is its deletion. Deletions reach the cache three ways:
// - this replica's own delete transaction erases the entry before the DELETE and again once the
//   transaction has ended (a read between the two could refill it from the still-visible row);
// - every replica LISTENs on CHART_ERASURE_CHANNEL, which the delete transaction NOTIFYs: PostgreSQL
//   delivers it at commit, so another replica forgets the chart within the notification's latency
//   (milliseconds) of the commit;
// - while that LISTEN connection is down, the cache is emptied and bypassed (a replica that cannot hear
//   deletions must not answer from memory), and refills once it is back.
// Every deletion it hears, and the loss of hearing, is passed on to the ErasureFeed (the gateway's
// answer cache watches it). A read in flight while an erasure arrives is not stored (ChartCache's generation ticket). Ids are
// keyed lowercased: PostgreSQL's uuid matches any spelling, so an uppercase read and a lowercase delete
// are the same chart.
import { ChartCache } from '@astro/platform';
import type { ChartRecord } from '../domain/chart-record.ts';
import type { ErasureFeed } from '../domain/erasure-feed.ts';
import type { ChartRepository, ChartTx } from '../domain/chart-use-cases.ts';

export class ChartReadCache implements ChartRepository {
  private readonly cache: ChartCache<ChartRecord>;

  /**
   * @param listening whether this replica hears deletions now (the LISTEN connection is up)
   * @param capacity charts kept (a record is a few kB); 0 turns the cache off
   * @param feed told every deletion heard and the loss of hearing
   */
  constructor(
    private readonly store: ChartRepository,
    private readonly listening: () => boolean,
    private readonly capacity = 2000,
    private readonly feed?: ErasureFeed,
  ) {
    this.cache = new ChartCache<ChartRecord>(capacity);
  }

  private get on(): boolean {
    return this.capacity > 0 && this.listening();
  }

  async find(tenantId: string, id: string): Promise<ChartRecord | null> {
    if (!this.on) return this.store.find(tenantId, id);
    const hit = this.cache.get(tenantId, id.toLowerCase());
    if (hit) return hit;
    const ticket = this.cache.ticket();
    const found = await this.store.find(tenantId, id);
    // Not found is never cached: a chart created later on another replica must be found.
    if (found && this.on) this.cache.put(tenantId, found.id.toLowerCase(), found, ticket);
    return found;
  }

  /**
   * Not kept: a chart enters the cache when it is first read. Keeping every new chart let one tenant's
   * burst of creations (an import) push every tenant's read charts out, and filled V8's old space with
   * the records it replaced (issue 18's mixed phase: the chart service's heap 38 -> 59 MB in 30 s,
   * garbage awaiting a full collection). The first read after a creation costs one SELECT by key.
   */
  insertWithEvent(r: ChartRecord, event: Parameters<ChartRepository['insertWithEvent']>[1]): Promise<void> {
    return this.store.insertWithEvent(r, event);
  }

  async transaction<T>(work: (tx: ChartTx) => Promise<T>): Promise<T> {
    const erased: [string, string | null][] = [];
    const forget = (tenantId: string, id: string | null) => {
      erased.push([tenantId, id?.toLowerCase() ?? null]);
      this.cache.erase(tenantId, id?.toLowerCase() ?? null);
    };
    try {
      return await this.store.transaction((tx) =>
        work({
          delete: (tenantId, id) => (forget(tenantId, id), tx.delete(tenantId, id)),
          deleteAllOf: (tenantId) => (forget(tenantId, null), tx.deleteAllOf(tenantId)),
          emit: (msg) => tx.emit(msg),
        }),
      );
    } finally {
      for (const [tenantId, id] of erased) {
        this.cache.erase(tenantId, id);
        // Before this replica answers the deletion: a watcher on this replica hears it first.
        this.feed?.erased(tenantId, id);
      }
    }
  }

  /** A CHART_ERASURE_CHANNEL payload from any replica: `<tenant>` or `<tenant>/<chart>`. */
  heard(payload: string): void {
    const [tenantId, chartId] = payload.split('/');
    if (!tenantId) return;
    this.cache.erase(tenantId, chartId?.toLowerCase() || null);
    this.feed?.erased(tenantId, chartId?.toLowerCase() || null);
  }

  /** The LISTEN connection is gone: deletions may go unheard from now on. */
  clear(): void {
    this.cache.clear();
    this.feed?.lost();
  }
}
