// Entries that all expire the same time after they were added, checked by one shared timer that runs
// only while there are entries: adding and deleting is a map insertion and deletion, where a timer per
// entry would cost a timer (and its handle) per request. The timeout is the same for every entry, so
// insertion order is deadline order and a sweep stops at the first entry still in time. Used for the
// gateway's Redis reply deadlines (redis-reply.ts) and its in-progress places (admission.ts).
export class Expiring<T> {
  private readonly deadlines = new Map<T, number>();
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param ttlMs how long an entry lives
   * @param onExpire called with each entry that outlived ttlMs (up to sweepMs late), once it is removed
   */
  constructor(
    private readonly ttlMs: number,
    private readonly onExpire: (entry: T) => void,
    private readonly sweepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  add(entry: T): void {
    this.deadlines.set(entry, this.now() + this.ttlMs);
    this.timer ??= setInterval(() => this.sweep(), this.sweepMs).unref();
  }

  /** Removes an entry before it expires; false when it was not there (expired, or never added). */
  delete(entry: T): boolean {
    return this.deadlines.delete(entry);
  }

  /** The entry added first of those still here (the next to expire). */
  oldest(): T | undefined {
    return this.deadlines.keys().next().value;
  }

  get size(): number {
    return this.deadlines.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [entry, at] of this.deadlines) {
      if (at > now) break;
      this.deadlines.delete(entry);
      this.onExpire(entry);
    }
    if (this.deadlines.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
