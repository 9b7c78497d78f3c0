// Chart deletions told to whoever keeps copies of charts outside this service (the gateway's answer
// cache, over ChartReaderService/WatchErasures). The feed hears what the read cache hears (this
// replica's own deletions and every replica's NOTIFY; chart-read-cache.ts), so it can only promise a
// watcher every deletion while this replica hears them: a watcher is refused while it does not, and
// is told `lost` (its stream ends) when hearing stops, so it drops what it keeps.
export interface ErasureWatcher {
  /** A chart (chartId) or every chart of the tenant (chartId null) was deleted. */
  erased(tenantId: string, chartId: string | null): void;
  /** Deletions may go unheard from now on: drop everything. */
  lost(): void;
}

export class ErasureFeed {
  private readonly watchers = new Set<ErasureWatcher>();

  /** @param hearing whether this replica hears every replica's deletions now */
  constructor(private readonly hearing: () => boolean) {}

  /** Adds a watcher; undefined (nothing added) while deletions could go unheard. */
  watch(w: ErasureWatcher): (() => void) | undefined {
    if (!this.hearing()) return undefined;
    this.watchers.add(w);
    return () => this.watchers.delete(w);
  }

  erased(tenantId: string, chartId: string | null): void {
    for (const w of this.watchers) w.erased(tenantId, chartId);
  }

  lost(): void {
    const all = [...this.watchers];
    this.watchers.clear();
    for (const w of all) w.lost();
  }
}
