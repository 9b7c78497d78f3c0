// Serialised Vimshottari chains of recently read charts, in process memory (at most 32 entries; a
// depth-4 chain is about 3 MB). One instance per process, made in server.ts and handed to the dasha
// handlers and to erasure, so a test or a second server gets its own.
export class ChainCache<V> {
  private readonly entries = new Map<string, { tenantId: string; chartId: string; value: V }>();

  constructor(private readonly capacity = 32) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit); // most recently used last
    }
    return hit?.value;
  }

  set(key: string, value: V, tenantId: string, chartId: string): void {
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { tenantId, chartId, value });
  }

  /** Data erasure: drops the tenant's entries (of one chart when given); the count removed. */
  erase(tenantId: string, chartId: string | null): number {
    let n = 0;
    for (const [k, e] of this.entries)
      if (e.tenantId === tenantId && (chartId === null || e.chartId === chartId)) {
        this.entries.delete(k);
        n++;
      }
    return n;
  }
}
