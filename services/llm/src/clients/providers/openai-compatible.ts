// OpenAI-compatible chat completions adapter (hosted APIs, vLLM, llama.cpp server, Ollama's /v1):
// POST {base_url}/chat/completions with stream: true, read the SSE `data:` lines, yield each
// choices[0].delta.content. One timeout covers the whole call; connection errors (nothing reached
// the server) are retried a few times with a short backoff, other failures go to the next provider.
import {
  CallCancelledError,
  ProviderError,
  type CompletionRequest,
  type ModelProvider,
} from '../../domain/model-provider.ts';
import type { Tier } from '../../domain/catalog.ts';

export interface OpenAiProviderConfig {
  name: string;
  base_url: string;
  api_key?: string;
  models: Record<Tier, string>;
}

export interface CallPolicy {
  timeoutMs: number;
  connectRetries: number;
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function isConnectError(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  // By name, not instanceof: fetch's TypeError may come from another realm (a vm context, jest).
  return (err as Error)?.name === 'TypeError' && !!cause?.code && CONNECT_CODES.has(cause.code);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class OpenAiCompatibleProvider implements ModelProvider {
  readonly name: string;

  constructor(
    private readonly cfg: OpenAiProviderConfig,
    private readonly policy: CallPolicy,
  ) {
    this.name = cfg.name;
  }

  async *stream(req: CompletionRequest): AsyncIterable<string> {
    const timeout = AbortSignal.timeout(this.policy.timeoutMs);
    const signal = AbortSignal.any([req.signal, timeout]);
    const failed = (err: unknown, afterOutput: boolean): Error => {
      if (req.signal.aborted) return new CallCancelledError();
      if (timeout.aborted) return new ProviderError('timeout', `${this.name}: timed out`, afterOutput);
      return err instanceof ProviderError
        ? err
        : new ProviderError('unavailable', `${this.name}: ${(err as Error)?.message ?? err}`, afterOutput);
    };

    let res: Response | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        res = await fetch(`${this.cfg.base_url.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          signal,
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(this.cfg.api_key ? { authorization: `Bearer ${this.cfg.api_key}` } : {}),
          },
          body: JSON.stringify({
            model: this.cfg.models[req.tier],
            messages: req.messages,
            stream: true,
            max_tokens: req.maxOutputTokens,
            temperature: 0.4,
          }),
        });
        break;
      } catch (err) {
        if (isConnectError(err) && attempt < this.policy.connectRetries && !signal.aborted) {
          await sleep(100 * 2 ** attempt);
          continue;
        }
        throw failed(err, false);
      }
    }
    if (res.status === 429) throw new ProviderError('rate_limited', `${this.name}: HTTP 429`);
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw new ProviderError('unavailable', `${this.name}: HTTP ${res.status}`);
    }

    let yielded = false;
    let finished = false;
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).replace(/\r$/, '');
          buffer = buffer.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            finished = true;
            continue;
          }
          let chunk: { choices?: { delta?: { content?: string }; finish_reason?: string | null }[]; error?: unknown };
          try {
            chunk = JSON.parse(data);
          } catch {
            throw new ProviderError('unavailable', `${this.name}: malformed stream chunk`, yielded);
          }
          if (chunk.error) throw new ProviderError('unavailable', `${this.name}: error in stream`, yielded);
          const choice = chunk.choices?.[0];
          const text = choice?.delta?.content;
          if (text) {
            yielded = true;
            yield text;
          }
          if (choice?.finish_reason) finished = true;
        }
      }
    } catch (err) {
      throw failed(err, yielded);
    } finally {
      reader.releaseLock();
      if (!finished) await res.body.cancel().catch(() => {});
    }
    // A stream that ends without [DONE] or a finish_reason was cut: the answer is incomplete.
    if (!finished) throw new ProviderError('unavailable', `${this.name}: stream ended early`, yielded);
    if (!yielded) throw new ProviderError('unavailable', `${this.name}: empty answer`);
  }
}
