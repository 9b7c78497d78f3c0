// Cost of the hot paths, warm, on this machine: node --import tsx packages/astro-core/src/bench.ts
// (DESIGN §8 budgets a chart at ~280 µs with Moshier.) Not a test: timings vary with the machine.
import { computeChart, findAllLongitudeCrossings, initEphemeris, riseSet, type ChartInput } from './index.ts';

function measure(name: string, n: number, fn: (i: number) => unknown): void {
  for (let i = 0; i < Math.min(n, 200); i++) fn(i); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  const us = Number(process.hrtime.bigint() - t0) / n / 1000;
  console.log(`${name.padEnd(44)} ${us.toFixed(1).padStart(9)} µs/call`);
}

const mode = initEphemeris().mode;
console.log(`ephemeris: ${mode}`);
const base: ChartInput = {
  utcMs: Date.parse('1990-05-15T05:00:00Z'),
  latitude: 28.6139,
  longitude: 77.209,
  system: 'vedic',
  houseSystem: 'placidus',
  ayanamsha: 'lahiri',
};
// Distinct moments, so sweph's per-date cache never serves a repeat.
const step = 3_600_000 * 7.3;
measure('computeChart vedic placidus', 5000, (i) => computeChart({ ...base, utcMs: base.utcMs + i * step }));
measure('computeChart western placidus', 5000, (i) =>
  computeChart({ ...base, system: 'western', ayanamsha: null, utcMs: base.utcMs + i * step }),
);
measure('computeChart western whole_sign', 5000, (i) =>
  computeChart({
    ...base,
    system: 'western',
    houseSystem: 'whole_sign',
    ayanamsha: null,
    utcMs: base.utcMs + i * step,
  }),
);
measure('riseSet sun rise', 2000, (i) => riseSet(base.utcMs + i * 86_400_000, 28.6, 77.2, 'sun', 'rise'));
measure('riseSet moon rise', 2000, (i) => riseSet(base.utcMs + i * 86_400_000, 28.6, 77.2, 'moon', 'rise'));
const DAY = 86_400_000;
measure('all Moon crossings in 400 days', 20, (i) =>
  findAllLongitudeCrossings('moon', i * 17, base.utcMs, base.utcMs + 400 * DAY),
);
measure('all Mercury crossings in 400 days', 20, (i) =>
  findAllLongitudeCrossings('mercury', i * 17, base.utcMs, base.utcMs + 400 * DAY),
);
