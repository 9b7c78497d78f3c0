// Event-loop delay, resident memory and CPU time of every fleet process, read from their Prometheus
// endpoints (METRICS_PORT; platform metrics.ts collects prom-client's default metrics). prom-client
// resets its event-loop delay histogram (perf_hooks.monitorEventLoopDelay) at every scrape, so a scrape
// right before a load phase and one right after it give the delay percentiles of that phase alone.
// CPU time also comes from /proc for PostgreSQL and Redis (every process of either, whoever started
// it: run the bench on a quiet machine) and from this process for the load generator: CPU per request
// by process says what a phase costs the machine, and 2 cores over its sum bounds the throughput.
import fs from 'node:fs';

export interface ProcessSample {
  /** p99 event-loop delay since the previous scrape, ms. */
  eldP99Ms: number;
  eldMaxMs: number;
  rssMiB: number;
  cpuSeconds: number;
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
          cpuSeconds: metric(text, 'process_cpu_seconds_total'),
        };
      }),
    );
    return out;
  }

  /** Starts a phase: the scrape empties every process's delay histogram. */
  async reset(): Promise<void> {
    await this.sample();
  }

  /** CPU seconds so far of every fleet process, of PostgreSQL and Redis, and of this process. */
  async cpuSeconds(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [name, s] of Object.entries(await this.sample())) out[name] = s.cpuSeconds;
    Object.assign(out, serverCpuSeconds());
    const own = process.cpuUsage();
    out['load generator'] = (own.user + own.system) / 1e6;
    return out;
  }
}

/**
 * CPU seconds of every postgres and redis-server process on this machine, per process (`postgres#<pid>`:
 * a backend that exits between two readings must not count as negative time). Linux /proc; {} elsewhere.
 */
function serverCpuSeconds(): Record<string, number> {
  const out: Record<string, number> = {};
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  const ticksPerSecond = 100; // USER_HZ on Linux
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const name = comm.startsWith('postgres') ? 'postgres' : comm.startsWith('redis') ? 'redis' : undefined;
    if (!name) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out[`${name}#${pid}`] = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // utime + stime
  }
  return out;
}

/**
 * CPU µs per request of each process between two cpuSeconds() readings; `name#pid` entries are summed
 * under `name` (a process that started in between counts from zero, one that ended is left out).
 */
export function cpuPerRequest(
  before: Record<string, number>,
  after: Record<string, number>,
  requests: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  if (requests <= 0) return out;
  for (const [key, a] of Object.entries(after)) {
    const name = key.split('#')[0]!;
    out[name] = (out[name] ?? 0) + ((a - (before[key] ?? (key.includes('#') ? 0 : a))) * 1e6) / requests;
  }
  return out;
}
/** "gateway 12.3 (max 40.1)": the process with the worst p99 delay of a phase. */
export function worstDelay(s: Record<string, ProcessSample>): { name: string; p99: number; max: number } {
  let worst = { name: '—', p99: NaN, max: NaN };
  for (const [name, x] of Object.entries(s))
    if (!(x.eldP99Ms <= worst.p99)) worst = { name, p99: x.eldP99Ms, max: x.eldMaxMs };
  return worst;
}
