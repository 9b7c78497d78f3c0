// Wiring: store, calculation sources and model provider -> the interpreter (domain) -> handlers -> gRPC
// services and the erasure subscription. No logic of its own; main.ts owns the process.
import type { EventBus, Registration } from '@astro/platform';
import type { CalcSources } from './clients/calc-sources.ts';
import { Interpreter } from './domain/interpreter.ts';
import type { ModelProvider } from './domain/model-provider.ts';
import type { PriceTable } from './domain/pricing.ts';
import type { BucketTable } from './domain/token-bucket.ts';
import { erasureRegistrations, subscribeErasure } from './handlers/erasure-handler.ts';
import { llmRegistrations } from './handlers/llm-handlers.ts';
import { rewriteRegistrations } from './handlers/rewrite-handler.ts';
import { westernRegistrations } from './handlers/western-handlers.ts';
import type { InterpretationStore } from './store/interpretation-store.ts';

export interface LlmServerDeps {
  store: InterpretationStore;
  sources: CalcSources;
  provider: ModelProvider;
  /** Answers test keys: the offline writer, never a paid provider (docs/test-keys.md). */
  testProvider: ModelProvider;
  prices: PriceTable;
  buckets: BucketTable;
  cacheTtlSeconds: number;
}

export interface LlmServer {
  registrations: Registration[];
  subscribe(bus: EventBus): Promise<void>;
}

export function buildLlmServer(d: LlmServerDeps): LlmServer {
  // One interpreter for every route: interpretations, streams and the statement rewrite share its
  // plan, bucket, spend and model-call steps.
  const interpreter = new Interpreter({
    store: d.store,
    provider: d.provider,
    testProvider: d.testProvider,
    prices: d.prices,
    buckets: d.buckets,
    cacheTtlSeconds: d.cacheTtlSeconds,
  });
  const deps = { interpreter, store: d.store, sources: d.sources };
  return {
    registrations: [
      ...llmRegistrations(deps),
      ...westernRegistrations(deps),
      ...rewriteRegistrations({ interpreter }),
      ...erasureRegistrations(d.store),
    ],
    subscribe: (bus) => subscribeErasure(bus, d.store),
  };
}
