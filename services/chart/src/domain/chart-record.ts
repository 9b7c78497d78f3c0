// A computed chart as stored and as answered. Positions are computed once, at creation, and served
// from storage afterwards, so a stored chart never changes under a client.
import { ayanamshaDegrees, computeChart, type AyanamshaId, type HouseCusp, type Position } from '@astro/astro-core';
import type { ChartRequest } from './chart-input.ts';
import type { LocalBirth } from './local-birth-time.ts';

/**
 * Bump whenever a stored number could change (DESIGN.md §5). Each row keeps the version it was computed
 * with: chart-v1 rows hold Moshier positions, chart-v2 rows the Swiss Ephemeris files' (astro-core's
 * BUNDLED_EPHE_PATH; Moshier outside 1800-2400), which differ by up to ~1" (the Moon's most).
 */
export const CHART_METHOD_VERSION = 'chart-v2';

export interface ChartRecord {
  id: string;
  tenant_id: string;
  system: 'vedic' | 'western';
  ayanamsha: AyanamshaId | null;
  house_system: string;
  requested_house_system: string;
  moment: string;
  birth_utc_ms: number;
  offset_minutes: number;
  /** The wall-clock time and zone the birth was given as, and how it resolved; null for a moment. */
  local_birth: LocalBirth | null;
  latitude: number;
  longitude: number;
  jd_ut: number;
  planets: Position[];
  houses: HouseCusp[];
  /**
   * The ayanamsha's value at jd_ut, when this process computed the chart (computeChart returns it):
   * never stored, so a record read back lacks it and chartView computes it.
   */
  ayanamsha_degrees?: number | null;
  method_version: string;
  computed_at: Date;
}

export function computeRecord(id: string, tenantId: string, req: ChartRequest, now: Date): ChartRecord {
  const c = computeChart({
    utcMs: req.utcMs,
    latitude: req.latitude,
    longitude: req.longitude,
    system: req.system,
    houseSystem: req.houseSystem,
    ayanamsha: req.ayanamsha,
  });
  return {
    id,
    tenant_id: tenantId,
    system: req.system,
    ayanamsha: req.ayanamsha,
    house_system: c.house_system,
    requested_house_system: req.houseSystem,
    moment: req.moment,
    // The column (and the utc_ms field other services read) holds whole milliseconds; a finer fraction
    // of a second stays in `moment` as written and in jd_ut, which the positions were computed from.
    birth_utc_ms: Math.floor(req.utcMs),
    offset_minutes: req.offsetMinutes,
    local_birth: req.local,
    latitude: req.latitude,
    longitude: req.longitude,
    jd_ut: c.jd_ut,
    planets: c.planets,
    houses: c.houses,
    ayanamsha_degrees: c.ayanamsha_degrees,
    method_version: CHART_METHOD_VERSION,
    computed_at: now,
  };
}

const BASE_FIELDS = ['planet', 'sign', 'longitude', 'degree_in_sign', 'speed_per_day', 'is_retrograde'] as const;

/** The API shape (ts-proto Chart). Demo charts carry no id and only the six base position fields. */
export function chartView(r: ChartRecord, opts: { demo?: boolean } = {}) {
  const planets = r.planets.map((p) => {
    if (opts.demo || r.system !== 'vedic') {
      const base: Record<string, unknown> = {};
      for (const k of BASE_FIELDS) base[k] = p[k];
      return base as unknown as Position;
    }
    return p;
  });
  return {
    id: opts.demo ? undefined : r.id,
    system: r.system,
    ayanamsha: r.ayanamsha ?? undefined,
    // Not stored: a pure function of (ayanamsha, jd_ut), so rows written before it existed carry it too.
    // A chart just computed has it already (one sweph call less per creation, issue 18).
    ayanamsha_degrees: r.ayanamsha ? (r.ayanamsha_degrees ?? ayanamshaDegrees(r.ayanamsha, r.jd_ut)) : undefined,
    house_system: r.house_system,
    computed_at: r.computed_at.toISOString(),
    birth: { moment: r.moment, latitude: r.latitude, longitude: r.longitude, ...r.local_birth },
    planets,
    houses: r.houses,
  };
}
