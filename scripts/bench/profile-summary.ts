// Top self-time functions of V8 CPU profiles (`node --cpu-prof`), one table per process: the "flame
// summary" kept for issue 18's before/after. Profiles of a whole fleet run come from
//   NODE_OPTIONS="--cpu-prof --cpu-prof-dir=.data/prof/x" BENCH_KAFKA=0 BENCH_SECONDS=3 npm run bench
// and are read with
//   node --import tsx scripts/bench/profile-summary.ts .data/prof/x [top=15]
// Each file is named by the entry point it ran (gateway/src/main.ts or gateway/dist/main.js, a service's,
// the bench itself); profiles of other processes (npm, bootstrap) are left out.
import fs from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

// The sources (tsx) or the compiled files (the bench's default runtime).
const ENTRY = /((?:gateway|services\/[a-z-]+)\/(?:src\/main\.ts|dist\/main\.js)|scripts\/bench\/(?:run|calc)\.ts)$/;

/** The entry point a profile ran, from the script URLs it saw; undefined for other processes. */
function entryOf(p: CpuProfile): string | undefined {
  for (const n of p.nodes) {
    const m = ENTRY.exec(n.callFrame.url);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The profile cut to its last `seconds`: a profile of a whole fleet run starts with its boot (module
 * loading, the gazetteer), which would swamp a load phase at its end (rounds.ts).
 */
export function lastSeconds(p: CpuProfile, seconds: number): CpuProfile {
  const from = p.endTime - seconds * 1e6;
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t < from) continue;
    samples.push(p.samples[i]!);
    timeDeltas.push(p.timeDeltas[i] ?? 0);
  }
  return { ...p, startTime: Math.max(p.startTime, from), samples, timeDeltas };
}

/** Self time per function (name + file:line), in ms, biggest first. */
export function selfTimes(p: CpuProfile): { name: string; ms: number }[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const f = byId.get(p.samples[i]!)!.callFrame;
    const where = f.url ? ` ${f.url.replace(/^file:\/\/.*?\/(node_modules\/\.pnpm\/)?/, '')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'}${where}`;
    ms.set(key, (ms.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  return [...ms].map(([name, t]) => ({ name, ms: t })).sort((a, b) => b.ms - a.ms);
}

/** Self time per package (node_modules name, or workspace folder such as gateway/src), biggest first. */
export function packageTimes(p: CpuProfile): { name: string; ms: number }[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const f = byId.get(p.samples[i]!)!.callFrame;
    const mod = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(f.url);
    const ws = /\/work\/[^/]+\/((?:packages|services)\/[^/]+|gateway\/(?:src|dist)|protos\/gen|scripts\/\w+)/.exec(
      f.url,
    );
    let key = mod ? mod[1]! : ws ? ws[1]! : f.url.startsWith('node:') ? 'node internals' : `(vm) ${f.functionName}`;
    if (key.startsWith('(vm) ') && !key.startsWith('(vm) (')) key = '(vm) native';
    ms.set(key, (ms.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  return [...ms].map(([name, t]) => ({ name, ms: t })).sort((a, b) => b.ms - a.ms);
}

const dir = process.argv[2];
const top = Number(process.argv[3] ?? 15);
// PROFILE_LAST_S=N reads only each profile's last N seconds (lastSeconds).
const lastS = Number(process.env.PROFILE_LAST_S || 0);
if (!dir) throw new Error('usage: [PROFILE_LAST_S=N] profile-summary.ts <.cpuprofile file, or a dir of them> [top]');
// One profile file (e.g. of scripts/bench/calc.ts), or every profile of a fleet run in a folder.
const files = fs.statSync(dir).isDirectory()
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(dir, f))
  : [dir];
for (const file of files) {
  const whole = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const p = lastS > 0 ? lastSeconds(whole, lastS) : whole;
  const entry = entryOf(p);
  if (!entry) continue;
  const rows = selfTimes(p);
  const total = rows.reduce((s, r) => s + r.ms, 0);
  const busy = total - (rows.find((r) => r.name.startsWith('(idle)'))?.ms ?? 0);
  const line = (r: { name: string; ms: number }) =>
    console.log(`${((100 * r.ms) / busy).toFixed(1).padStart(5)}% ${r.ms.toFixed(0).padStart(7)} ms  ${r.name}`);
  console.log(`\n## ${entry} (${file}): ${(total / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s busy\n`);
  rows
    .filter((r) => !r.name.startsWith('(idle)'))
    .slice(0, top)
    .forEach(line);
  console.log('  by package (self time, >= 2 % of busy):');
  packageTimes(p)
    .filter((r) => r.name !== '(vm) (idle)' && r.ms >= busy * 0.02)
    .forEach(line);
}
