// In-process baselines for `npm run bench`: the same computation a route does, called directly in the
// bench process (no HTTP, no gateway, no gRPC hop, no chart read over the network). Where a service's
// handler is a thin shell over pure code, the handler itself is called with a chart source that
// returns the stored chart from memory, so the baseline is exactly the route's work minus transport.
// (scripts/ may import service code; the boundary rule in eslint.config.js covers services/ and gateway/.)
import type { CallContext, Registration } from '@astro/platform';
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { ChainCache } from '../../services/vedic-calc/src/store/chain-cache.ts';
import { vimshottariChainJson } from '../../services/vedic-calc/src/domain/dashas/vimshottari-json.ts';
import type { ChainPool } from '../../services/vedic-calc/src/clients/chain-pool.ts';
import type { SaturnSearch } from '../../services/vedic-calc/src/clients/saturn-pool.ts';
import { sadeSati } from '../../services/vedic-calc/src/domain/doshas/sade-sati.ts';
import { dashaRegistrations } from '../../services/vedic-calc/src/handlers/dasha-handlers.ts';
import { strengthRegistrations } from '../../services/vedic-calc/src/handlers/strength-handlers.ts';
import { predictiveRegistrations } from '../../services/western-calc/src/handlers/predictive-handlers.ts';
import type { TransitSearch } from '../../services/western-calc/src/clients/transit-pool.ts';
import { transitWindows } from '../../services/western-calc/src/domain/predictive/transits.ts';
import { OfflineWriter } from '../../services/llm/src/clients/providers/offline-provider.ts';

export interface Timing {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Latency percentiles (ms) of `fn` run back to back for `seconds` after a short warm-up. */
export async function timeLoop(seconds: number, fn: (i: number) => unknown): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn(-1 - i);
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  const start = performance.now();
  for (let i = 0; performance.now() < until || samples.length < 5; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  const elapsed = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  return { rps: samples.length / elapsed, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}

const ctx = {
  requestId: 'bench',
  trace: undefined,
  principal: undefined,
  metadata: undefined,
  cancelled: () => false,
  signal: new AbortController().signal,
} as unknown as CallContext;

function handler(regs: Registration[], service: string, method: string) {
  const reg = regs.find((r) => r.name === service);
  const h = reg?.handlers[method];
  if (!h) throw new Error(`bench: no handler ${service}/${method}`);
  return (req: unknown) => h(req, ctx);
}

/** A chart source answering from memory; `fresh` gives every call a new chart id (defeats id-keyed caches). */
function memorySource(stored: StoredChart, fresh: boolean) {
  let n = 0;
  return {
    async load(): Promise<StoredChart> {
      if (!fresh) return stored;
      const id = `00000000-0000-7000-8000-${(n++).toString(16).padStart(12, '0')}`;
      return { ...stored, chart: { ...stored.chart!, id } };
    },
  } as any;
}

/** The HttpBody answer's text, or the message as the gateway would write it (JSON). */
function serialised(answer: any): number {
  if (answer?.data instanceof Uint8Array) return answer.data.length;
  return JSON.stringify(answer).length;
}

/** The baselines write every chain on this thread: the computation itself, without the worker hop. */
const inThread = {
  chainJson: async (...a: Parameters<ChainPool['chainJson']>) => vimshottariChainJson(...a),
} as ChainPool;

/** The transit-window search in this thread (the fleet's runs in a worker pool). */
const transitsInThread: TransitSearch = { windows: async (...a) => transitWindows(...a) };

/** The Sade Sati search in this thread (the fleet's runs in a worker pool); the baselines do not call it. */
const saturnInThread: SaturnSearch = { sadeSati: async (...a) => sadeSati(...a) };

/** GET .../dashas/vimshottari?depth=N: the handler's chain + JSON text, never from its chain cache. */
export function vimshottariBaseline(stored: StoredChart, depth: number) {
  const get = handler(
    dashaRegistrations({
      charts: memorySource(stored, true),
      chains: new ChainCache(),
      chainPool: inThread,
      saturn: saturnInThread,
    }),
    'astro.vedic.v1.DashaService',
    'getVimshottari',
  );
  return async () => serialised(await get({ id: stored.chart!.id, depth }));
}

/** GET .../shadbala: the strength profile (sunrise frame, stations, six balas) + JSON. */
export function shadbalaBaseline(stored: StoredChart) {
  const get = handler(
    strengthRegistrations({
      // A new chart object per call: the strength of one object is memoised (strength-source.ts).
      charts: memorySource(stored, true),
      chains: new ChainCache(),
      chainPool: inThread,
      saturn: saturnInThread,
    }),
    'astro.vedic.v1.VedicStrengthService',
    'getShadbala',
  );
  return async () => serialised(await get({ id: stored.chart!.id }));
}

/** GET /v1/western/charts/{id}/transit-windows: the daily-resolution search with exact moments + JSON. */
export function transitWindowsBaseline(stored: StoredChart, startsAt: string, endsAt: string) {
  const get = handler(
    predictiveRegistrations({ charts: memorySource(stored, false), transits: transitsInThread }),
    'astro.western.v1.WesternPredictiveService',
    'getTransitWindows',
  );
  return async () => serialised(await get({ id: stored.chart!.id, starts_at: startsAt, ends_at: endsAt }));
}

/**
 * The offline writer streaming its answer from the engine context the fleet sent in its `meta` event,
 * with the same pause between deltas as the fleet's LLM service, each delta written as an SSE frame.
 */
export function offlineWriterBaseline(engineContext: Record<string, unknown>, deltaDelayMs: number) {
  const writer = new OfflineWriter(deltaDelayMs);
  return async () => {
    let bytes = 0;
    for await (const text of writer.stream({
      messages: [],
      tier: 'standard',
      language: 'en',
      maxOutputTokens: 4096,
      engineContext,
      signal: new AbortController().signal,
    }))
      bytes += `event: delta\ndata: ${JSON.stringify({ kind: 'delta', text })}\n\n`.length;
    return bytes;
  };
}
