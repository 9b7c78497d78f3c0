// In-process micro benchmark of the heavy calculation routes (issue 18): the handlers the fleet runs
// (scripts/bench/baselines.ts), on charts computed in this process, with no fleet, database or network.
//   node --import tsx scripts/bench/calc.ts                  (BENCH_SECONDS per case, default 3)
//   node --cpu-prof --cpu-prof-dir=.data/prof --import tsx scripts/bench/calc.ts shadbala
// Arguments select cases by substring of their names. It prints numbers; it never asserts times.
import { computeChart, initEphemeris } from '@astro/astro-core';
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { shadbalaBaseline, timeLoop, transitWindowsBaseline, vimshottariBaseline } from './baselines.ts';

const seconds = Number(process.env.BENCH_SECONDS || 3);
const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

/** The stored chart as the chart service would hand it to the calc services (chart-record.ts). */
function stored(system: 'vedic' | 'western'): StoredChart {
  const utcMs = Date.parse(birth.moment);
  const c = computeChart({
    utcMs,
    latitude: birth.latitude,
    longitude: birth.longitude,
    system,
    houseSystem: 'placidus',
    ayanamsha: system === 'vedic' ? 'lahiri' : null,
  });
  return {
    chart: {
      id: '00000000-0000-7000-8000-000000000001',
      system,
      ayanamsha: system === 'vedic' ? 'lahiri' : undefined,
      house_system: c.house_system,
      computed_at: new Date(0).toISOString(),
      birth,
      planets: c.planets,
      houses: c.houses,
    },
    utc_ms: utcMs,
    offset_minutes: 330,
    jd_ut: c.jd_ut,
    requested_house_system: 'placidus',
  };
}

initEphemeris({ ephePath: process.env.EPHE_PATH });
const vedic = stored('vedic');
const western = stored('western');
const cases: [string, () => unknown][] = [
  ['transit-windows 400 days', transitWindowsBaseline(western, '2026-01-01T00:00:00Z', '2027-02-05T00:00:00Z')],
  ['shadbala', shadbalaBaseline(vedic)],
  ['vimshottari depth=4 uncached', vimshottariBaseline(vedic, 4)],
  ['vimshottari depth=2 uncached', vimshottariBaseline(vedic, 2)],
];
const only = process.argv.slice(2);
// CPU ms per call beside the wall-clock figures: on a shared machine the latter include waiting for a core.
console.log(`| case | req/s | p50 ms | p95 ms | p99 ms | CPU ms/call |\n|---|---|---|---|---|---|`);
for (const [name, fn] of cases) {
  if (only.length && !only.some((s) => name.includes(s))) continue;
  let calls = 0;
  const cpu0 = process.cpuUsage();
  const t = await timeLoop(seconds, () => (calls++, fn()));
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / calls;
  const f = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(2));
  console.log(`| ${name} | ${t.rps.toFixed(1)} | ${f(t.p50)} | ${f(t.p95)} | ${f(t.p99)} | ${f(cpuMs)} |`);
}
