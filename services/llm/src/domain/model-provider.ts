// The provider port: a model that writes an answer to chat messages as a stream of text deltas. The
// use case never knows which model or vendor writes; models are chosen per tier by configuration and
// never appear in responses.
import { AppError } from '@astro/platform';
import type { Language, Tier } from './catalog.ts';
import type { ChatMessage } from './tokens.ts';

export interface CompletionRequest {
  messages: ChatMessage[];
  tier: Tier;
  language: Language;
  maxOutputTokens: number;
  /** The structured context the messages were built from (the offline writer writes from it alone). */
  engineContext: Record<string, unknown>;
  /** Aborted when the client goes away: the model call must stop. */
  signal: AbortSignal;
}

export interface ModelProvider {
  /** For logs only (never sent to clients). */
  readonly name: string;
  stream(req: CompletionRequest): AsyncIterable<string>;
}

/** Why one provider failed; mapped to the spec's 503 codes. */
export type ProviderFailureKind = 'timeout' | 'rate_limited' | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    /** True when the failure came after at least one delta (no failover is possible then). */
    readonly afterOutput = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The client cancelled: not a provider failure, nothing to report. */
export class CallCancelledError extends Error {
  constructor() {
    super('call cancelled by the client');
    this.name = 'CallCancelledError';
  }
}

const CODE = { timeout: 'llm_timeout', rate_limited: 'llm_rate_limited', unavailable: 'llm_unavailable' } as const;

/** The spec code for a provider failure (exported for the mid-stream error event). */
export function toAppError(err: ProviderError): AppError {
  return new AppError(CODE[err.kind], undefined, { reason: err.kind });
}
