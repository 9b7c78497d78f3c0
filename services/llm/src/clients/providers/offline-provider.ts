// The offline writer as a provider: composes the answer from `engine_context.highlights` alone (see
// domain/offline-writer.ts), or for a statement rewrite re-frames the statement in the tone (see
// domain/statement-rewrite.ts), and streams it in small pieces with a pause between them, like a
// model.
import { composeAnswer } from '../../domain/offline-writer.ts';
import type { Fact } from '../../domain/facts.ts';
import { REWRITE_TASK } from '../../domain/prompt.ts';
import { rewriteStatement } from '../../domain/statement-rewrite.ts';
import { CallCancelledError, type CompletionRequest, type ModelProvider } from '../../domain/model-provider.ts';

export class OfflineWriter implements ModelProvider {
  readonly name = 'offline-writer';

  constructor(private readonly deltaDelayMs: number) {}

  async *stream(req: CompletionRequest): AsyncIterable<string> {
    const ctx = req.engineContext;
    const text =
      ctx.task === REWRITE_TASK
        ? rewriteStatement(String(ctx.statement ?? ''), String(ctx.tone ?? ''))
        : composeAnswer((ctx.highlights ?? []) as Fact[], req.language, req.tier);
    // Pieces end after a space or a newline, so concatenating them gives the text back exactly.
    const pieces = text.match(/[^\s]+\s*/g) ?? [text];
    for (let i = 0; i < pieces.length; i += 4) {
      if (req.signal.aborted) throw new CallCancelledError();
      if (this.deltaDelayMs > 0 && i > 0) await new Promise((r) => setTimeout(r, this.deltaDelayMs));
      yield pieces.slice(i, i + 4).join('');
    }
  }
}
