// Cached API-key verdicts. Verifying a key is a hop to the account service and a query; a client's
// next request with the same key is answered from here instead. Safe because the account service
// streams every change that could alter a verdict (revocation, tenant pause, plan change) and the
// cache drops the affected entries as they arrive; while that stream is down nothing is cached.
// Expiry is checked locally; entries also age out after `ttlMs` as a safety net.
import { createHash } from 'node:crypto';
import type { Principal } from '@astro/platform';

interface Entry {
  principal: Principal;
  /** Key expiry (Unix ms), 0 = never. */
  expiresAtMs: number;
  staleAtMs: number;
}

export interface Invalidation {
  kind: string; // hello | api_key | tenant
  id: string;
}

export function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private live = false;
  /** Bumped by every invalidation: a verdict fetched before one must not be stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A snapshot to pass back to put(), taken before asking the account service. */
  ticket(): number {
    return this.generation;
  }

  get(digest: string): Principal | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(digest);
    if (!e) return undefined;
    const now = this.now();
    if (now >= e.staleAtMs || (e.expiresAtMs && now >= e.expiresAtMs)) {
      this.entries.delete(digest);
      return undefined;
    }
    return e.principal;
  }

  put(digest: string, principal: Principal, expiresAtMs: number, ticket: number): void {
    if (!this.live || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest, { principal, expiresAtMs, staleAtMs: this.now() + this.ttlMs });
  }

  /** The watch stream's messages: 'hello' starts caching afresh; the others drop matching entries. */
  apply(inv: Invalidation): void {
    this.generation++;
    if (inv.kind === 'hello') {
      this.entries.clear();
      this.live = true;
      return;
    }
    for (const [digest, e] of this.entries) {
      const p = e.principal;
      if (
        (inv.kind === 'api_key' && p.key_id === inv.id) ||
        (inv.kind === 'tenant' && p.tenant_id === inv.id) ||
        inv.kind === 'all'
      )
        this.entries.delete(digest);
    }
  }

  /** The watch stream broke: stop trusting anything until the next 'hello'. */
  disconnected(): void {
    this.generation++;
    this.live = false;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
