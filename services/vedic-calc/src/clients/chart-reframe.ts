// A stored Vedic chart recomputed in another ayanamsha: same birth, place and requested house
// system, positions and cusps from astro-core in the new sidereal frame. Stored charts are immutable,
// so the result is a pure function of (stored chart, ayanamsha) and may be cached under both.
import { computeChart, type AyanamshaId, type HouseSystem } from '@astro/astro-core';
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';

export function reframeChart(stored: StoredChart, ayanamsha: AyanamshaId): StoredChart {
  const chart = stored.chart;
  if (!chart || chart.system !== 'vedic' || chart.ayanamsha === ayanamsha) return stored;
  const computed = computeChart({
    utcMs: stored.utc_ms,
    latitude: chart.birth?.latitude ?? 0,
    longitude: chart.birth?.longitude ?? 0,
    system: 'vedic',
    houseSystem: (stored.requested_house_system || chart.house_system) as HouseSystem,
    ayanamsha,
  });
  return {
    ...stored,
    chart: {
      ...chart,
      ayanamsha,
      ayanamsha_degrees: computed.ayanamsha_degrees ?? undefined,
      house_system: computed.house_system,
      planets: computed.planets,
      houses: computed.houses,
    },
  };
}
