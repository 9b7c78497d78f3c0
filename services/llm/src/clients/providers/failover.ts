// Failover across providers in order. A provider that fails before its first delta hands over to the
// next one; a failure after output has been streamed cannot be retried elsewhere (the client already
// holds part of an answer) and ends the call. Failures map to the spec's 503 codes: when every provider
// failed the same way, that way (llm_timeout, llm_rate_limited, llm_unavailable), which tells the
// client what to expect on a retry; when they failed in different ways, llm_all_providers_failed.
import { AppError, type Logger } from '@astro/platform';
import {
  CallCancelledError,
  ProviderError,
  toAppError,
  type CompletionRequest,
  type ModelProvider,
} from '../../domain/model-provider.ts';

export { toAppError };

export class FailoverProvider implements ModelProvider {
  readonly name = 'failover';

  constructor(
    private readonly providers: ModelProvider[],
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async *stream(req: CompletionRequest): AsyncIterable<string> {
    const failures: ProviderError[] = [];
    for (const [index, p] of this.providers.entries()) {
      let yielded = false;
      try {
        for await (const delta of p.stream(req)) {
          yielded = true;
          yield delta;
        }
        return;
      } catch (err) {
        if (err instanceof CallCancelledError || req.signal.aborted) throw new CallCancelledError();
        const pe =
          err instanceof ProviderError ? err : new ProviderError('unavailable', String((err as Error)?.message ?? err));
        this.logger.warn('llm provider failed', { provider_index: index, kind: pe.kind, after_output: yielded });
        if (yielded || pe.afterOutput) throw new ProviderError(pe.kind, pe.message, true);
        failures.push(pe);
      }
    }
    if (failures.every((f) => f.kind === failures[0]!.kind)) throw toAppError(failures[0]!);
    throw new AppError('llm_all_providers_failed', undefined, {
      attempts: failures.map((f, i) => ({ provider_index: i, reason: f.kind })),
    });
  }
}
