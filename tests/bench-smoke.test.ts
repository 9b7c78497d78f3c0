// `npm run bench` in its smoke mode (issue 18: "keep the bench runnable in CI in a short smoke mode; it
// prints, it does not time-assert"). The bench starts its own fleet beside the test fleet; this file
// checks that every phase ran and printed its row, never how fast (DESIGN.md §6). It runs serially
// (scripts/test.ts SERIAL) so its load phases do not meet the other files' requests.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';

const ROOT = path.resolve(import.meta.dirname, '..');

function runBench(): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/run.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_SECONDS: '1', BENCH_KAFKA: '0', BASE_URL: '' },
        maxBuffer: 16 * 2 ** 20,
        timeout: 8 * 60_000,
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}\n${stderr}` }),
    );
    child.stdin?.end();
  });
}

describe('npm run bench, smoke mode (BENCH_SECONDS=1 BENCH_KAFKA=0)', () => {
  it(
    'runs every phase against its own fleet and writes the table',
    async () => {
      const { code, out } = await runBench();
      assert.equal(code, 0, out.slice(-3000));
      for (const row of [
        '| POST /v1/charts | 10 |',
        '| GET /v1/charts/{id} | 32 |',
        '| GET .../dashas/vimshottari?depth=4 (3 MB), uncached | 1 |',
        '| GET .../dashas/vimshottari?depth=2, uncached | 1 |',
        '| GET /v1/vedic/charts/{id}/shadbala | 1 |',
        '| GET /v1/western/charts/{id}/transit-windows, 400 days | 1 |',
        'Mixed workload (70 % calc GETs, 20 % chart GETs, 10 % creations), 200 connections',
        '| gateway |',
        'gateway added cost (auth + limits with Redis counters',
        '| PostgreSQL | 200 |',
        'Architecture floor (scripts/bench/floor.ts)',
      ])
        assert.ok(out.includes(row), `the bench printed no "${row}"`);
      // Chart creation's floor (floor.ts: computeChart and the batched INSERT behind the bare hop), with
      // the CPU per creation of its front, back and PostgreSQL.
      assert.match(
        out,
        /^\| POST \/v1\/charts \| \d+ \| 10 \| \d+ \| [\d.]+ \| [\d.]+ \| \d+, \d+, \d+ \| \d+ \| \d+ \|/m,
      );
      // The mixed phase's RSS table: every process's row complete, its peaks in each half and its V8
      // heap in use and committed before and after included.
      assert.ok(out.includes('| peak, first half | peak, second half | peak growth |'), 'the RSS peak columns');
      assert.ok(
        out.includes('| V8 heap used before MiB | after | V8 heap committed before MiB | after |'),
        'the heap columns',
      );
      const gateway = out.split('\n').find((l) => l.startsWith('| gateway |'))!;
      assert.equal(gateway.split('|').length - 2, 14, gateway);
      assert.ok(!gateway.includes('—'), `a figure is missing: ${gateway}`);
      // Each phase's event-loop delay comes with the idle reference's (the machine's share), read from
      // full histograms: a figure, never NaN or a dash.
      assert.match(out, /POST \/v1\/charts x10: \d+\.\d ms \([a-z-]+; an idle process \d+\.\d ms\)/);
      assert.match(out, /\| an idle Node process beside the fleet [^|]*(\| — ){11}\| \d+\.\d \| \d+\.\d \|/);
      // The machine's page fault and round-trip costs, which the absolute figures depend on (machine.ts).
      // The CPU model may itself hold parentheses ("Intel(R) Xeon(R) Processor").
      assert.match(
        out,
        /Machine: \d+ cores \(.+?\); a page fault \d+\.\d\d µs \(\d+ faults [^;]*; a TCP round trip between two Node processes \d+\.\d µs/,
      );
      const file = /written to (\S+\.md)/.exec(out)?.[1];
      assert.ok(file && fs.existsSync(path.resolve(ROOT, file)), `results file ${file}`);
    },
    9 * 60_000,
  );
});
