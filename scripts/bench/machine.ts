// What the machine under the bench charges for the kernel's work, measured at the start of a run: the
// absolute figures of two runs on different machines compare only beside these. On 2026-11-29 two
// 2-core machines computed a chart equally fast (176-193 and 190 µs), yet the second took 2-3x as long
// for every hop: a page fault cost it ~15 µs and a round trip between two processes 77-87 µs
// (docs/perf/issue-18-gateway-notes.md, twelfth round).
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { procStat } from './fleet-probe.ts';

export interface MachineFacts {
  cores: number;
  cpuModel: string;
  /** µs per minor page fault while touching fresh memory (undefined without Linux's /proc). */
  pageFaultUs?: number;
  faults?: number;
  /** Mean µs of a one-byte TCP exchange between this process and a child Node process. */
  roundTripUs: number;
  exchanges: number;
}

/** This process's minor page faults so far, or undefined off Linux. */
function minorFaults(): number | undefined {
  const stat = procStat('self');
  return stat && Number(stat.fields[7]);
}

/** Touches one byte per page of a fresh allocation (a new mapping: every page faults once). */
function pageFaultCost(bytes: number): { us: number; faults: number } | undefined {
  const before = minorFaults();
  if (before === undefined) return undefined;
  const started = process.hrtime.bigint();
  const block = new Uint8Array(bytes);
  for (let i = 0; i < block.length; i += 4096) block[i] = 1;
  const ns = Number(process.hrtime.bigint() - started);
  const faults = minorFaults()! - before;
  return faults > 0 ? { us: ns / 1e3 / faults, faults } : undefined;
}

/** One-byte exchanges with an echo server in a child process, after a warm-up of a tenth as many. */
async function roundTrip(exchanges: number): Promise<number> {
  const echo = `require('node:net').createServer((s) => s.on('data', (d) => s.write(d)))
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', echo], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`echo server exited with ${code}`)));
      createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line)));
    });
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const warmUp = Math.ceil(exchanges / 10);
    let started = 0n;
    let n = 0;
    const ns = await new Promise<number>((resolve) => {
      socket.on('data', () => {
        n++;
        if (n === warmUp) started = process.hrtime.bigint();
        if (n === warmUp + exchanges) resolve(Number(process.hrtime.bigint() - started));
        else socket.write('x');
      });
      socket.write('x');
    });
    socket.destroy();
    return ns / 1e3 / exchanges;
  } finally {
    child.kill();
  }
}

export async function measureMachine(): Promise<MachineFacts> {
  const faults = pageFaultCost(64 * 2 ** 20);
  const exchanges = 2000;
  return {
    cores: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    pageFaultUs: faults?.us,
    faults: faults?.faults,
    roundTripUs: await roundTrip(exchanges),
    exchanges,
  };
}

/** The results file's line about the machine. */
export function machineLine(m: MachineFacts): string {
  const fault =
    m.pageFaultUs === undefined
      ? 'page fault cost not measured (no /proc)'
      : `a page fault ${m.pageFaultUs.toFixed(2)} µs (${m.faults} faults touching 64 MiB of fresh memory)`;
  return (
    `Machine: ${m.cores} cores (${m.cpuModel}); ${fault}; a TCP round trip between two Node processes ` +
    `${m.roundTripUs.toFixed(1)} µs (mean of ${m.exchanges} one-byte exchanges). Measured at the start of the run, before the bench's own fleet starts.`
  );
}
