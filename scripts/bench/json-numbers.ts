// What writing a chart's numbers costs (issue 18, twenty-first round): roundJsonNumber, the API's one
// rounding rule (platform json-number.ts), against the rule as it ran before its Math.round path (every
// non-integer through roundByToFixed), over the numbers of real charts, in alternating rounds; then the
// gateway's whole transcoding of a chart answer (protobuf decode, toObject, messageToJson,
// JSON.stringify). Prints; asserts nothing.
//   node --import tsx scripts/bench/json-numbers.ts
import path from 'node:path';
import { computeChart, initEphemeris } from '@astro/astro-core';
import { roundByToFixed, roundJsonNumber } from '@astro/platform';
import { messageToJson, TO_OBJECT_OPTIONS } from '../../gateway/src/json-codec.ts';
import { loadProtoRoot } from '../../gateway/src/proto-registry.ts';
import { ROOT } from '../fleet.ts';
import { median } from './stats.ts';

initEphemeris();

/** roundJsonNumber before the twenty-first round. */
const toFixedRule = (x: number) => (!Number.isFinite(x) || Number.isInteger(x) ? x : roundByToFixed(x));

const charts = Array.from({ length: 200 }, (_, i) =>
  computeChart({
    utcMs: Date.UTC(1950, 0, 1) + i * 86_400_000 * 97.3,
    latitude: -50 + (i % 100),
    longitude: -170 + ((i * 37) % 340),
    system: i % 2 ? 'vedic' : 'western',
    houseSystem: 'placidus',
    ayanamsha: i % 2 ? 'lahiri' : null,
  }),
);
const numbers: number[] = [];
const collect = (v: unknown): void => {
  if (typeof v === 'number') numbers.push(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
};
charts.forEach(collect);

function nsPerNumber(rule: (x: number) => number): number {
  let sink = 0;
  const t = process.hrtime.bigint();
  for (let r = 0; r < 50; r++) for (const x of numbers) sink += rule(x);
  if (sink === 42) console.log(''); // keeps the loop's result alive
  return Number(process.hrtime.bigint() - t) / (50 * numbers.length);
}

const fast: number[] = [];
const fixed: number[] = [];
// The first round of each warms the JIT.
nsPerNumber(roundJsonNumber);
nsPerNumber(toFixedRule);
for (let round = 0; round < 10; round++) {
  fast.push(nsPerNumber(roundJsonNumber));
  fixed.push(nsPerNumber(toFixedRule));
}
console.log(
  `${numbers.length} numbers of ${charts.length} charts, 10 alternating rounds: roundJsonNumber ` +
    `${median(fast).toFixed(1)} ns per number, the toFixed rule ${median(fixed).toFixed(1)} ns (median)`,
);

// A chart answer as the chart service sends it, through the gateway's transcoding.
const root = loadProtoRoot(path.join(ROOT, 'protos'));
const Chart = root.lookupType('astro.chart.v1.Chart');
const c = charts[1]!;
const bytes = Buffer.from(
  Chart.encode(
    Chart.fromObject({
      id: '0190a0b0-0000-7000-8000-000000000000',
      system: 'vedic',
      ayanamsha: 'lahiri',
      ayanamsha_degrees: c.ayanamsha_degrees,
      house_system: c.house_system,
      computed_at: new Date().toISOString(),
      birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 },
      planets: c.planets,
      houses: c.houses,
    }),
  ).finish(),
);
const transcode = () => JSON.stringify(messageToJson(Chart, Chart.toObject(Chart.decode(bytes), TO_OBJECT_OPTIONS)));
const text = transcode();
const calls = 20_000;
for (let i = 0; i < 2000; i++) transcode();
const t = process.hrtime.bigint();
for (let i = 0; i < calls; i++) transcode();
console.log(
  `a chart answer (${bytes.length} protobuf bytes -> ${text.length} JSON bytes): ` +
    `${(Number(process.hrtime.bigint() - t) / calls / 1000).toFixed(1)} µs per transcoding`,
);
