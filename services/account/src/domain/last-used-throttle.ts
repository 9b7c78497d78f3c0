// last_used_at without a write per request: remember when each key was last written and allow the
// next write only a minute later. Per process, so N replicas write at most N times a minute per key,
// which is still constant and small.
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;
const PRUNE_AT = 10_000;

export class LastUsedThrottle {
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly intervalMs = LAST_USED_WRITE_INTERVAL_MS) {}

  /** True (and the slot taken) when `keyId` has not been written within the interval. */
  shouldWrite(keyId: string, nowMs: number): boolean {
    const last = this.writtenAt.get(keyId);
    if (last !== undefined && nowMs - last < this.intervalMs) return false;
    if (this.writtenAt.size >= PRUNE_AT) this.prune(nowMs);
    this.writtenAt.set(keyId, nowMs);
    return true;
  }

  /** Entries older than the interval carry no information: drop them so the map stays bounded. */
  private prune(nowMs: number): void {
    for (const [id, at] of this.writtenAt) if (nowMs - at >= this.intervalMs) this.writtenAt.delete(id);
  }
}
