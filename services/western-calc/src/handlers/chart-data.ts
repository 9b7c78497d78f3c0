// StoredChart (transport) -> ChartData (what the relationship and product code reads).
import { REL_POINTS, type ChartData, type RelPoint } from '../domain/relationships/chart-data.ts';
import type { StoredChart } from '../clients/chart-source.ts';

export function chartDataOf(chartId: string, stored: StoredChart): ChartData {
  const c = stored.chart!;
  const positions = REL_POINTS.map((planet: RelPoint) => {
    const p = c.planets.find((x) => x.planet === planet);
    if (!p) throw new Error(`stored chart ${chartId} has no ${planet}`);
    return { planet, longitude: p.longitude, speed_per_day: p.speed_per_day };
  });
  return {
    chartId,
    utcMs: Number(stored.utc_ms),
    latitude: c.birth?.latitude ?? 0,
    longitude: c.birth?.longitude ?? 0,
    houseSystem: stored.requested_house_system || c.house_system,
    positions,
    cusps: [...c.houses].sort((a, b) => a.house - b.house).map((h) => h.longitude),
  };
}
