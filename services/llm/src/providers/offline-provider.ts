// The offline writer as a provider: composes the answer from `engine_context.highlights` alone (see
// domain/offline-writer.ts) and streams it in small pieces with a pause between them, like a model.
import { composeAnswer } from '../domain/offline-writer.ts';
import type { Fact } from '../domain/facts.ts';
import { CallCancelledError, type CompletionRequest, type ModelProvider } from './provider.ts';

export class OfflineWriter implements ModelProvider {
  readonly name = 'offline-writer';

  constructor(private readonly deltaDelayMs: number) {}

  async *stream(req: CompletionRequest): AsyncIterable<string> {
    const facts = (req.engineContext.highlights ?? []) as Fact[];
    const text = composeAnswer(facts, req.language, req.tier);
    // Pieces end after a space or a newline, so concatenating them gives the text back exactly.
    const pieces = text.match(/[^\s]+\s*/g) ?? [text];
    for (let i = 0; i < pieces.length; i += 4) {
      if (req.signal.aborted) throw new CallCancelledError();
      if (this.deltaDelayMs > 0 && i > 0) await new Promise((r) => setTimeout(r, this.deltaDelayMs));
      yield pieces.slice(i, i + 4).join('');
    }
  }
}
