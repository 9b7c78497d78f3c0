// Changes that make an earlier authentication verdict stale (a revoked key, a paused tenant, a plan
// change). The gateway caches API-key verdicts and listens to these; every change is told to local
// watchers before the changing call answers, and to other account replicas through a bridge.
export interface Invalidation {
  kind: 'api_key' | 'tenant';
  id: string;
}

export interface InvalidationBridge {
  /** Tells the other replicas; `onRemote` receives what they tell. */
  start(onRemote: (inv: Invalidation) => void): Promise<void>;
  notify(inv: Invalidation): Promise<void>;
  close(): Promise<void>;
}

export class InvalidationHub {
  private readonly listeners = new Set<(inv: Invalidation) => void>();

  constructor(private readonly bridge?: InvalidationBridge) {}

  async start(): Promise<void> {
    await this.bridge?.start((inv) => this.emit(inv));
  }

  subscribe(fn: (inv: Invalidation) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Local watchers first (synchronously, so they hear it before the caller's answer), then the bridge. */
  async publish(inv: Invalidation): Promise<void> {
    this.emit(inv);
    await this.bridge?.notify(inv);
  }

  private emit(inv: Invalidation): void {
    for (const fn of this.listeners) fn(inv);
  }
}
