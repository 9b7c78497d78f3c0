// Event-loop delay, resident memory and CPU time of every fleet process, read from their Prometheus
// endpoints (METRICS_PORT; platform metrics.ts collects prom-client's default metrics). prom-client
// resets its event-loop delay histogram (perf_hooks.monitorEventLoopDelay) at every scrape, so a scrape
// right before a load phase and one right after it give the delay percentiles of that phase alone.
// CPU time also comes from /proc for PostgreSQL and Redis (every process of either, whoever started
// it: run the bench on a quiet machine) and from this process for the load generator: CPU per request
// by process says what a phase costs the machine, and 2 cores over its sum bounds the throughput.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { createInterface } from 'node:readline';
import { EVENT_LOOP_RESOLUTION_MS } from '@astro/platform';

export interface ProcessSample {
  /**
   * p99 event-loop delay since the previous scrape, ms: how late the loop's timer fired, i.e.
   * prom-client's gauge (the timer's whole interval) minus the timer's period (EVENT_LOOP_RESOLUTION_MS).
   */
  eldP99Ms: number;
  eldMaxMs: number;
  rssMiB: number;
  /** V8's heap in use (live objects and garbage not yet collected), to read beside the RSS. */
  heapUsedMiB: number;
  /** V8's heap committed (every space's pages, the young generation's unused half included): RSS less
   * this is memory outside V8's heap (buffers, malloc arenas, code). */
  heapTotalMiB: number;
  cpuSeconds: number;
}

const metric = (text: string, name: string): number => {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
};

/** How late a timer of EVENT_LOOP_RESOLUTION_MS fired, from the interval Node's histogram recorded. */
const lateness = (intervalMs: number) => Math.max(0, intervalMs - EVENT_LOOP_RESOLUTION_MS);

export class FleetProbe {
  /** @param endpoints process name -> its /metrics URL */
  constructor(private readonly endpoints: Record<string, string>) {}

  /**
   * One scrape of every process: its delay percentiles since the previous scrape (which this one
   * restarts), RSS, and CPU seconds so far; plus PostgreSQL's, Redis's and this process's CPU seconds.
   * A phase's figures come from one read() before it and one after it: a second scrape after the phase
   * would read a histogram of the few milliseconds since the first.
   */
  async read(): Promise<{ processes: Record<string, ProcessSample>; cpu: Record<string, number> }> {
    const processes: Record<string, ProcessSample> = {};
    await Promise.all(
      Object.entries(this.endpoints).map(async ([name, url]) => {
        const text = await fetch(url).then((r) => r.text());
        processes[name] = {
          eldP99Ms: lateness(metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000),
          eldMaxMs: lateness(metric(text, 'nodejs_eventloop_lag_max_seconds') * 1000),
          rssMiB: metric(text, 'process_resident_memory_bytes') / 2 ** 20,
          heapUsedMiB: metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20,
          heapTotalMiB: metric(text, 'nodejs_heap_size_total_bytes') / 2 ** 20,
          cpuSeconds: metric(text, 'process_cpu_seconds_total'),
        };
      }),
    );
    const cpu: Record<string, number> = {};
    for (const [name, p] of Object.entries(processes)) cpu[name] = p.cpuSeconds;
    Object.assign(cpu, serverCpuSeconds());
    const own = process.cpuUsage();
    cpu['load generator'] = (own.user + own.system) / 1e6;
    return { processes, cpu };
  }
}

/**
 * A process's /proc/<pid>/stat: its command name and the fields after it (fields[0] is the state,
 * field 3 of proc(5); minflt is fields[7], utime and stime fields[11] and [12]). Undefined when the
 * process has ended, or off Linux.
 */
export function procStat(pid: number | string): { comm: string; fields: string[] } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses.
  const end = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, end), fields: stat.slice(end + 2).split(' ') };
}

/** A process's CPU seconds so far (utime + stime), or undefined when it has ended (or off Linux). */
export function cpuSecondsOf(pid: number | string): number | undefined {
  const stat = procStat(pid);
  return stat && cpuSeconds(stat);
}

const cpuSeconds = (stat: { fields: string[] }) => (Number(stat.fields[11]) + Number(stat.fields[12])) / 100; // USER_HZ

/** A process's environment as NAME=value entries (/proc/<pid>/environ), or undefined. */
export function environOf(pid: number | string): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of every postgres and redis-server process on this machine, per process (`postgres#<pid>`:
 * a backend that exits between two readings must not count as negative time). Linux /proc; {} elsewhere.
 */
export function serverCpuSeconds(): Record<string, number> {
  const out: Record<string, number> = {};
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const stat = procStat(pid);
    if (!stat) continue; // ended meanwhile
    const name = stat.comm.startsWith('postgres') ? 'postgres' : stat.comm.startsWith('redis') ? 'redis' : undefined;
    if (!name) continue;
    out[`${name}#${pid}`] = cpuSeconds(stat);
  }
  return out;
}

/**
 * CPU µs per request of each process between two read()s' `cpu`; `name#pid` entries are summed
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
/**
 * The pid of every fleet process, found by the INSTANCE_ID the launcher gave it (/proc/<pid>/environ):
 * reading their RSS from /proc does not scrape /metrics, which would restart the delay histograms.
 */
export function fleetPids(instances: Record<string, string>): Record<string, number> {
  const byInstance = new Map(Object.entries(instances).map(([name, id]) => [`INSTANCE_ID=${id}`, name]));
  const out: Record<string, number> = {};
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    for (const entry of environOf(pid) ?? []) {
      const name = byInstance.get(entry);
      if (name) out[name] = Number(pid);
    }
  }
  return out;
}

/**
 * Resident memory of each process sampled every `everyMs` until stop(): its peak in each half of the
 * span. A garbage-collected heap rises and falls by up to its initial size (192 MB in the gateway and
 * vedic-calc), so two single readings compare two points of that cycle; the peaks of the two halves
 * compare the cycles themselves, and only growth that goes on (a leak) raises the second.
 */
export function rssPeaks(pids: Record<string, number>, everyMs = 500) {
  const samples: { at: number; rss: Record<string, number> }[] = [];
  const read = () => {
    const rss: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      try {
        const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) rss[name] = Number(m[1]) / 1024;
      } catch {
        // ended
      }
    }
    samples.push({ at: Date.now(), rss });
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    /** Peak RSS, MiB, of each process in the first and second half of the sampled span. */
    stop(): Record<string, { first: number; second: number }> {
      clearInterval(timer);
      read();
      const mid = (samples[0]!.at + samples.at(-1)!.at) / 2;
      const out: Record<string, { first: number; second: number }> = {};
      for (const { at, rss } of samples)
        for (const [name, mib] of Object.entries(rss)) {
          const p = (out[name] ??= { first: 0, second: 0 });
          if (at < mid) p.first = Math.max(p.first, mib);
          else p.second = Math.max(p.second, mib);
        }
      return out;
    },
  };
}

/** "gateway 12.3 (max 40.1)": the process with the worst p99 delay of a phase. */
export function worstDelay(s: Record<string, ProcessSample>): { name: string; p99: number; max: number } {
  let worst = { name: '—', p99: NaN, max: NaN };
  for (const [name, x] of Object.entries(s))
    if (!(x.eldP99Ms <= worst.p99)) worst = { name, p99: x.eldP99Ms, max: x.eldMaxMs };
  return worst;
}

/**
 * A Node process beside the fleet that does nothing but measure its own event-loop delay the way the
 * fleet's processes do (prom-client's monitorEventLoopDelay at EVENT_LOOP_RESOLUTION_MS). It has no work, so
 * its delay is the machine's alone: the time a runnable process waits for a core while the fleet
 * saturates both. Every fleet process's delay under that load includes this floor beside its own turns.
 */
export class IdleReference {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: ((line: string) => void)[] = [];

  constructor() {
    const code = `const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: ${EVENT_LOOP_RESOLUTION_MS} });
      h.enable();
      require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
        process.stdout.write(JSON.stringify({ p99: h.percentile(99) / 1e6, max: h.max / 1e6 }) + '\\n'); h.reset();
      });`;
    this.child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'pipe'] });
    createInterface({ input: this.child.stdout }).on('line', (line) => this.lines.shift()?.(line));
  }

  /** p99 and max event-loop delay, ms, since the previous read (which restarts the histogram). */
  read(): Promise<{ p99: number; max: number }> {
    return new Promise((resolve) => {
      this.lines.push((line) => {
        const interval = JSON.parse(line) as { p99: number; max: number };
        resolve({ p99: lateness(interval.p99), max: lateness(interval.max) });
      });
      this.child.stdin.write('\n');
    });
  }

  stop(): void {
    this.child.kill();
  }
}
