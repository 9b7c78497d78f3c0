// WesternPredictiveService: proto <-> domain for transits, progressions, returns, profections,
// forecasts and zodiacal releasing.
import { WesternPredictiveServiceService } from '@astro/protos/astro/western/v1/predictive';
import type { HouseSystem } from '@astro/astro-core';
import { invalidRequest, service, type CallContext, type Registration } from '@astro/platform';
import { lotsOf } from '../domain/natal/lots.ts';
import { isDayChart } from '../domain/natal/sect.ts';
import { annualForecast, monthlyForecast, type RankedWindow } from '../domain/predictive/forecasts.ts';
import { profectionAt, type Profection } from '../domain/predictive/profections.ts';
import { progressedLunation, secondaryProgressions, solarArc } from '../domain/predictive/progressions.ts';
import { releasing, releasingLevel1, type ZrPeriod } from '../domain/predictive/releasing.ts';
import {
  castReturn,
  lunarReturnMoment,
  returnLocation,
  solarReturnMoment,
  type ReturnChart,
} from '../domain/predictive/returns.ts';
import { awareInstant, dateRange, isoUtc, notBeforeBirth, requiredInt } from '../domain/predictive/time.ts';
import { transitHits, type TransitWindow } from '../domain/predictive/transits.ts';
import { natalFrame, parseHouseSystem, type NatalFrame } from '../domain/natal/houses.ts';
import { loadFrame } from './core-handlers.ts';
import type { WesternDeps } from './deps.ts';

const MAX_WINDOW_DAYS = 400;

const windowOut = (w: TransitWindow) => ({
  transit_planet: w.transit_planet,
  natal_planet: w.natal_planet,
  aspect: w.aspect,
  starts_at: isoUtc(w.starts_at),
  ends_at: isoUtc(w.ends_at),
  exact_at: w.exact_at === null ? undefined : isoUtc(w.exact_at),
  min_orb_degrees: w.min_orb_degrees,
  peak_strength: w.peak_strength,
});
const rankedOut = (w: RankedWindow) => ({ ...windowOut(w), score: w.score });
const profectionOut = (p: Profection) => ({
  age_years: p.age_years,
  house: p.house,
  sign: p.sign,
  time_lord: p.time_lord,
  starts_at: isoUtc(p.starts_at),
  ends_at: isoUtc(p.ends_at),
});

function lotParam(v: string | undefined): 'fortune' | 'spirit' {
  if (v === undefined || v === '') return 'fortune';
  if (v !== 'fortune' && v !== 'spirit')
    throw invalidRequest([{ field: 'lot', reason: 'invalid_enum', message: 'must be fortune or spirit' }]);
  return v;
}

function levelsParam(v: number | undefined): number {
  if (v === undefined) return 4;
  if (!Number.isInteger(v) || v < 1 || v > 4)
    throw invalidRequest([{ field: 'levels', reason: 'out_of_range', message: 'must be an integer from 1 to 4' }]);
  return v;
}

function lotLongitude(f: NatalFrame, lot: 'fortune' | 'spirit'): number {
  return lotsOf(f.points, f.cusps, isDayChart(f.points)).find((l) => l.name === lot)!.longitude;
}

const natalLon = (f: NatalFrame, planet: string) => f.points.find((p) => p.planet === planet)!.longitude;

function returnOut(r: ReturnChart) {
  return {
    house_system: r.houseSystem,
    houses: r.houses,
    positions: r.positions,
    house_overlays: r.house_overlays,
    planet_overlays: r.planet_overlays,
  };
}

/** house_system of a return: the override, or the natal chart's requested system. */
async function loadForReturn(deps: WesternDeps, ctx: CallContext, id: string, hs?: string) {
  const override = parseHouseSystem(hs);
  const stored = await deps.charts.load(ctx, id);
  const frame = natalFrame(stored);
  const system = (override ?? (stored.requested_house_system || stored.chart!.house_system)) as HouseSystem;
  return { frame, system };
}

export function predictiveRegistrations(deps: WesternDeps): Registration[] {
  return [
    service('astro.western.v1.WesternPredictiveService', WesternPredictiveServiceService, {
      async getTransits(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const f = await loadFrame(deps, ctx, req.id);
        return { natal_chart_id: f.chartId, transit_chart_id: undefined, at: req.at!, hits: transitHits(f.points, at) };
      },

      async getTransitWindows(req, ctx) {
        const start = awareInstant(req.starts_at, 'starts_at');
        const end = awareInstant(req.ends_at, 'ends_at');
        dateRange(start, end, MAX_WINDOW_DAYS, { starts_at: req.starts_at!, ends_at: req.ends_at! });
        const f = await loadFrame(deps, ctx, req.id);
        return { items: (await deps.transits.windows(f.points, start, end)).map(windowOut) };
      },

      async getSecondaryProgressions(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const p = secondaryProgressions(f.points, f.utcMs, at);
        return {
          natal_chart_id: f.chartId,
          progressed_date: isoUtc(p.progressedMs),
          positions: p.positions,
          hits: p.hits,
        };
      },

      async getSolarArc(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const s = solarArc(f.points, f.utcMs, at);
        return { natal_chart_id: f.chartId, arc_degrees: s.arc, directed_positions: s.directed, hits: s.hits };
      },

      async getProgressedLunation(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const l = progressedLunation(f.utcMs, at);
        return {
          natal_chart_id: f.chartId,
          progressed_date: isoUtc(l.progressedMs),
          progressed_sun_longitude: l.sunLongitude,
          progressed_moon_longitude: l.moonLongitude,
          phase_name: l.phaseName,
          phase_angle: l.phaseAngle,
          phase_index: l.phaseIndex,
          phase_progress: l.phaseProgress,
          previous_phase_at: l.previousPhaseAt === null ? undefined : isoUtc(l.previousPhaseAt),
          next_phase_at: l.nextPhaseAt === null ? undefined : isoUtc(l.nextPhaseAt),
          cycle_seed: l.seed ? { ...l.seed, at: isoUtc(l.seed.at) } : undefined,
        };
      },

      async getSolarReturn(req, ctx) {
        const year = requiredInt(req.year, 'year', 1800, 2400);
        const { frame, system } = await loadForReturn(deps, ctx, req.id, req.house_system);
        const place = returnLocation(req.latitude, req.longitude, frame);
        const at = solarReturnMoment(natalLon(frame, 'sun'), frame.utcMs, year);
        return {
          natal_chart_id: frame.chartId,
          body: 'sun',
          return_at: isoUtc(at),
          chart_id: undefined,
          ...returnOut(castReturn(at, place, system, frame.cusps)),
        };
      },

      async getLunarReturn(req, ctx) {
        const start = awareInstant(req.starts_at, 'starts_at');
        const { frame, system } = await loadForReturn(deps, ctx, req.id, req.house_system);
        const place = returnLocation(req.latitude, req.longitude, frame);
        const at = lunarReturnMoment(natalLon(frame, 'moon'), start);
        return {
          natal_chart_id: frame.chartId,
          body: 'moon',
          starts_at: req.starts_at!,
          return_at: isoUtc(at),
          chart_id: undefined,
          latitude: place.latitude,
          longitude: place.longitude,
          ...returnOut(castReturn(at, place, system, frame.cusps)),
        };
      },

      async getProfections(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const p = profectionAt(natalLon(f, 'ascendant'), f.utcMs, at);
        return {
          natal_chart_id: f.chartId,
          age_years: p.age_years,
          house: p.house,
          sign: p.sign,
          time_lord: p.time_lord,
        };
      },

      async getAnnualForecast(req, ctx) {
        const year = requiredInt(req.year, 'year', 1800, 2400);
        const f = await loadFrame(deps, ctx, req.id);
        const a = annualForecast(f.points, f.utcMs, year);
        const srYear = new Date(f.utcMs).getUTCFullYear() <= year ? year : null;
        return {
          natal_chart_id: f.chartId,
          year,
          starts_at: isoUtc(a.startsMs),
          ends_at: isoUtc(a.endsMs),
          profections: a.profections.map(profectionOut),
          solar_return_at: srYear === null ? undefined : isoUtc(solarReturnMoment(natalLon(f, 'sun'), f.utcMs, srYear)),
          transit_windows: a.windows.map(rankedOut),
          themes: a.themes,
        };
      },

      async getMonthlyForecast(req, ctx) {
        const year = requiredInt(req.year, 'year', 1800, 2400);
        const month = requiredInt(req.month, 'month', 1, 12);
        const f = await loadFrame(deps, ctx, req.id);
        const m = monthlyForecast(f.points, f.cusps, f.utcMs, year, month);
        return {
          natal_chart_id: f.chartId,
          year,
          month,
          starts_at: isoUtc(m.startsMs),
          ends_at: isoUtc(m.endsMs),
          profection: m.profection ? profectionOut(m.profection) : undefined,
          transit_windows: m.windows.map(rankedOut),
          lunations: m.lunations.map((l) => ({ ...l, at: isoUtc(l.at) })),
          highlights: m.highlights,
        };
      },

      async getZodiacalReleasing(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const lot = lotParam(req.lot);
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const lon = lotLongitude(f, lot);
        const periods = releasingLevel1(lon, f.utcMs, at);
        return {
          natal_chart_id: f.chartId,
          lot,
          lot_longitude: lon,
          lot_sign: periods[0]!.sign,
          periods: periods.map((p) => ({
            sign: p.sign,
            ruler: p.ruler,
            starts_at: isoUtc(p.startMs),
            ends_at: isoUtc(p.endMs),
            years: p.years,
            is_current: p.startMs <= at && at < p.endMs,
          })),
        };
      },

      async getAdvancedZodiacalReleasing(req, ctx) {
        const at = awareInstant(req.at, 'at');
        const lot = lotParam(req.lot);
        const levels = levelsParam(req.levels);
        const f = await loadFrame(deps, ctx, req.id);
        notBeforeBirth(at, f.utcMs);
        const lon = lotLongitude(f, lot);
        const periods = releasing(lon, f.utcMs, at, levels);
        return {
          natal_chart_id: f.chartId,
          lot,
          lot_longitude: lon,
          lot_sign: periods[0]!.sign,
          levels: Array.from({ length: levels }, (_, i) => i + 1),
          periods: periods.map((p: ZrPeriod) => ({
            level: p.level,
            sign: p.sign,
            ruler: p.ruler,
            starts_at: isoUtc(p.startMs),
            ends_at: isoUtc(p.endMs),
            years: p.years,
            is_current: p.startMs <= at && at < p.endMs,
            is_peak: p.is_peak,
            is_loosening_of_bond: p.is_loosening_of_bond,
            parent_sign: p.parent_sign ?? undefined,
          })),
        };
      },
    }),
  ];
}
