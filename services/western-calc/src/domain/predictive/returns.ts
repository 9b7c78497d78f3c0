// Solar and lunar returns: the moment the transiting Sun (Moon) comes back to its natal longitude,
// found by astro-core's bracketed bisection (to the millisecond), and the chart cast for it.
import { computeChart, findLongitudeCrossing, type HouseSystem, type Position } from '@astro/astro-core';
import { AppError, coordinateErrors, invalidRequest } from '@astro/platform';
import { houseOf, type Cusp } from '../natal/houses.ts';
import { HOUSE_TOPICS } from '../natal/tables.ts';
import { WESTERN_BODIES } from '../natal/points.ts';
import { DAY_MS } from './time.ts';

/** Both coordinates or neither (422 invalid_return_location); each within its range. */
export function returnLocation(
  lat: number | undefined,
  lon: number | undefined,
  natal: { latitude: number; longitude: number },
): { latitude: number; longitude: number; relocated: boolean } {
  if ((lat === undefined) !== (lon === undefined))
    throw new AppError('invalid_return_location', 'Give both latitude and longitude, or neither.', {
      latitude: lat ?? null,
      longitude: lon ?? null,
    });
  if (lat === undefined || lon === undefined) return { ...natal, relocated: false };
  const errors = coordinateErrors({ latitude: lat, longitude: lon });
  if (errors.length) throw invalidRequest(errors);
  return { latitude: lat, longitude: lon, relocated: true };
}

/** The Sun's return in `year`: it falls within a few days of the birthday's calendar date. */
export function solarReturnMoment(natalSun: number, birthMs: number, year: number): number {
  const b = new Date(birthMs);
  const anchor = Date.UTC(year, b.getUTCMonth(), b.getUTCDate(), b.getUTCHours(), b.getUTCMinutes());
  const at = findLongitudeCrossing('sun', natalSun, anchor - 4 * DAY_MS, anchor + 4 * DAY_MS);
  if (at === null) throw new Error(`no solar return found near ${new Date(anchor).toISOString()}`);
  return at;
}

/** The first Moon return after `startMs` (a sidereal month is 27.3 days). */
export function lunarReturnMoment(natalMoon: number, startMs: number): number {
  const at = findLongitudeCrossing('moon', natalMoon, startMs, startMs + 29 * DAY_MS);
  if (at === null) throw new Error('no lunar return found within 29 days');
  return at;
}

export interface ReturnChart {
  houseSystem: string;
  houses: Cusp[];
  positions: Position[];
  house_overlays: {
    return_house: number;
    return_house_sign: string;
    return_house_longitude: number;
    natal_house: number;
    natal_topics: string[];
  }[];
  planet_overlays: { planet: string; return_house: number; natal_house: number; natal_topics: string[] }[];
}

/** The return chart at the moment and place, with its cusps and planets laid over the natal houses. */
export function castReturn(
  atMs: number,
  place: { latitude: number; longitude: number },
  houseSystem: HouseSystem,
  natalCusps: readonly Cusp[],
): ReturnChart {
  const c = computeChart({
    utcMs: atMs,
    latitude: place.latitude,
    longitude: place.longitude,
    system: 'western',
    houseSystem,
    ayanamsha: null,
  });
  const topics = (h: number) => [...HOUSE_TOPICS[h]!];
  return {
    houseSystem: c.house_system,
    houses: c.houses,
    positions: c.planets,
    house_overlays: c.houses.map((h) => {
      const natalHouse = houseOf(h.longitude, natalCusps);
      return {
        return_house: h.house,
        return_house_sign: h.sign,
        return_house_longitude: h.longitude,
        natal_house: natalHouse,
        natal_topics: topics(natalHouse),
      };
    }),
    planet_overlays: c.planets
      .filter((p) => (WESTERN_BODIES as readonly string[]).includes(p.planet))
      .map((p) => {
        const natalHouse = houseOf(p.longitude, natalCusps);
        return {
          planet: p.planet,
          return_house: houseOf(p.longitude, c.houses),
          natal_house: natalHouse,
          natal_topics: topics(natalHouse),
        };
      }),
  };
}
