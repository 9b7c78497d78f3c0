// Event-loop delay and resident memory of every fleet process, read from their Prometheus endpoints
// (METRICS_PORT; platform metrics.ts collects prom-client's default metrics). prom-client resets its
// event-loop delay histogram (perf_hooks.monitorEventLoopDelay) at every scrape, so a scrape right
// before a load phase and one right after it give the delay percentiles of that phase alone.

export interface ProcessSample {
  /** p99 event-loop delay since the previous scrape, ms. */
  eldP99Ms: number;
  eldMaxMs: number;
  rssMiB: number;
}

const metric = (text: string, name: string): number => {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
};

export class FleetProbe {
  /** @param endpoints process name -> its /metrics URL */
  constructor(private readonly endpoints: Record<string, string>) {}

  async sample(): Promise<Record<string, ProcessSample>> {
    const out: Record<string, ProcessSample> = {};
    await Promise.all(
      Object.entries(this.endpoints).map(async ([name, url]) => {
        const text = await fetch(url).then((r) => r.text());
        out[name] = {
          eldP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
          eldMaxMs: metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
          rssMiB: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
        };
      }),
    );
    return out;
  }

  /** Starts a phase: the scrape empties every process's delay histogram. */
  async reset(): Promise<void> {
    await this.sample();
  }
}

/** "gateway 12.3 (max 40.1)": the process with the worst p99 delay of a phase. */
export function worstDelay(s: Record<string, ProcessSample>): { name: string; p99: number; max: number } {
  let worst = { name: '—', p99: NaN, max: NaN };
  for (const [name, x] of Object.entries(s))
    if (!(x.eldP99Ms <= worst.p99)) worst = { name, p99: x.eldP99Ms, max: x.eldMaxMs };
  return worst;
}
