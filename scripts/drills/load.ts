// Load for the fault drills: a few concurrent loops sending one kind of request until told to stop,
// every answer recorded with its status, envelope error code, latency and the phase of the drill it
// fell in. A request that gets no answer within `hangMs` is recorded as status 0 (a hang).

export type Phase = 'before' | 'fault' | 'after';

export interface Sample {
  phase: Phase;
  startedAt: number;
  ms: number;
  /** HTTP status; 0 when there was no answer (connection refused, or no answer within hangMs). */
  status: number;
  /** `error.code` of the envelope, when the body is one. */
  code?: string;
  /** `id` of a created resource (acknowledged writes). */
  id?: string;
}

export interface Answer {
  status: number;
  json: any;
}

export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

export class Load {
  phase: Phase = 'before';
  readonly samples: Sample[] = [];
  private running = true;
  private loops: Promise<void>[] = [];

  constructor(
    concurrency: number,
    private readonly send: (i: number) => Promise<Answer>,
    private readonly hangMs: number,
    private readonly pauseMs = 20,
  ) {
    let n = 0;
    for (let w = 0; w < concurrency; w++)
      this.loops.push(
        (async () => {
          while (this.running) {
            const phase = this.phase;
            const startedAt = Date.now();
            let sample: Sample;
            try {
              const a = await Promise.race([
                this.send(n++),
                new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hang')), this.hangMs).unref()),
              ]);
              sample = { phase, startedAt, ms: Date.now() - startedAt, status: a.status };
              if (typeof a.json?.error?.code === 'string') sample.code = a.json.error.code;
              if (a.status < 300 && typeof a.json?.id === 'string') sample.id = a.json.id;
            } catch {
              sample = { phase, startedAt, ms: Date.now() - startedAt, status: 0 };
            }
            this.samples.push(sample);
            await sleep(this.pauseMs);
          }
        })(),
      );
  }

  /** Resolves when a request sent after `since` succeeds (2xx); the time it took, or null at timeout. */
  async firstSuccessAfter(since: number, timeoutMs: number): Promise<number | null> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const ok = this.samples.find((s) => s.startedAt >= since && s.status >= 200 && s.status < 300);
      if (ok) return ok.startedAt + ok.ms - since;
      await sleep(50);
    }
    return null;
  }

  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.loops);
    return this.samples;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
