// DoshaService: proto <-> domain for Kaal Sarp, Sade Sati / Dhaiya and Pitra dosha of a stored Vedic
// chart of the caller's tenant (read through the chart service: another tenant's chart is 404, a
// Western chart 422). Rules and conventions: ../domain/doshas and docs/doshas.md.
import { signIndexOf, SIGNS, siderealFrame } from '@astro/astro-core';
import {
  AppError,
  awareMoment,
  fieldErrorsAnswer,
  invalidRequest,
  service,
  type CallContext,
  type FieldError,
  type Registration,
} from '@astro/platform';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import { DoshaServiceService, type SadeSatiRequest } from '@astro/protos/astro/vedic/v1/doshas';
import {
  DOSHAS_METHOD_VERSION,
  KAAL_SARP_CONVENTIONS,
  PITRA_CONVENTIONS,
  SADE_SATI_CONVENTIONS,
} from '../domain/doshas/conventions.ts';
import { KAAL_SARP_PLANETS, KAAL_SARP_SOURCE, kaalSarp, type KaalSarpPlanetName } from '../domain/doshas/kaal-sarp.ts';
import { pitra, type PitraPlanet } from '../domain/doshas/pitra.ts';
import { SADE_SATI_SOURCE, type SaturnStay } from '../domain/doshas/sade-sati.ts';
import type { VedicDeps } from './deps.ts';

const DAY = 86_400_000;
/** At most 100 years per request (sky ingresses allow 400 days of all nine grahas; this is Saturn alone). */
export const SADE_SATI_MAX_DAYS = 36_525;
/** Years of from and to: the search runs 15 years past `to`, and the ephemeris ends early in 3003. */
export const SADE_SATI_MIN_YEAR = 1000;
export const SADE_SATI_MAX_YEAR = 2980;

interface Body {
  planet: string;
  longitude: number;
}

async function chartBodies(deps: VedicDeps, ctx: CallContext, chartId: string) {
  const stored = await deps.charts.load(ctx, chartId);
  const bodies: Body[] = stored.chart?.planets ?? [];
  const lon = (planet: string): number => {
    const b = bodies.find((x) => x.planet === planet);
    if (!b) throw new AppError('invalid_request', `The chart has no ${planet}.`, { chart_id: chartId, planet });
    return b.longitude;
  };
  return lon;
}

const FEATURES = (fields: string[]): FeatureUsed[] => [{ source: 'natal_chart', version: siderealFrame(), fields }];

/** Query checks: every bad field in one 422, then the range itself (invalid_date_range, range_too_long). */
function sadeSatiRange(req: SadeSatiRequest): { fromMs: number; toMs: number } {
  const errors: FieldError[] = [];
  const from = awareMoment('from', req.from, errors);
  const to = awareMoment('to', req.to, errors);
  if (errors.length || !from || !to) throw fieldErrorsAnswer(errors);
  for (const [field, ms] of [
    ['from', from.utcMs],
    ['to', to.utcMs],
  ] as const) {
    const y = new Date(ms).getUTCFullYear();
    if (y < SADE_SATI_MIN_YEAR || y > SADE_SATI_MAX_YEAR)
      errors.push({
        field,
        reason: 'out_of_range',
        message: `year must be from ${SADE_SATI_MIN_YEAR} to ${SADE_SATI_MAX_YEAR}`,
      });
  }
  if (errors.length) throw invalidRequest(errors);
  if (!(to.utcMs > from.utcMs))
    throw new AppError('invalid_date_range', '`to` must be after `from`.', {
      from: req.from,
      to: req.to,
      reason: 'invalid_range',
    });
  if (to.utcMs - from.utcMs > SADE_SATI_MAX_DAYS * DAY)
    throw new AppError('range_too_long', `The range may span at most ${SADE_SATI_MAX_DAYS} days (100 years).`, {
      max_days: SADE_SATI_MAX_DAYS,
      requested_days: Math.ceil((to.utcMs - from.utcMs) / DAY),
    });
  return { fromMs: from.utcMs, toMs: to.utcMs };
}

/** ISO 8601 UTC to the second: the search is exact to the millisecond, the ephemeris to minutes. */
const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const stayOut = (s: SaturnStay) => ({
  phase: s.phase,
  house_from_moon: s.house_from_moon,
  saturn_sign: s.saturn_sign,
  start: iso(s.startMs),
  end: iso(s.endMs),
  start_motion: s.start_motion,
  end_motion: s.end_motion,
});

export function doshaRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.DoshaService', DoshaServiceService, {
      getKaalSarp: async (req, ctx) => {
        const lon = await chartBodies(deps, ctx, req.chart_id);
        const planets = Object.fromEntries(KAAL_SARP_PLANETS.map((p) => [p, lon(p)])) as Record<
          KaalSarpPlanetName,
          number
        >;
        const r = kaalSarp({ lagna: lon('ascendant'), rahu: lon('rahu'), planets });
        return {
          chart_id: req.chart_id,
          method_version: DOSHAS_METHOD_VERSION,
          ...r,
          type: r.type ?? undefined,
          direction: r.direction ?? undefined,
          planets: r.planets.map((p) => ({ ...p, with_node: p.with_node ?? undefined })),
          source: KAAL_SARP_SOURCE,
          conventions: [...KAAL_SARP_CONVENTIONS],
          features_used: FEATURES(['planets.longitude', 'ascendant']),
        };
      },
      getSadeSati: async (req, ctx) => {
        // The range is checked before the chart is read: a bad query is 422 whoever's chart it names.
        const { fromMs, toMs } = sadeSatiRange(req);
        const lon = await chartBodies(deps, ctx, req.chart_id);
        const moon = lon('moon');
        // In a worker thread: the search is 0.1-0.4 s of ephemeris calls (clients/saturn-pool.ts).
        const r = await deps.saturn.sadeSati(signIndexOf(moon), fromMs, toMs);
        return {
          chart_id: req.chart_id,
          method_version: DOSHAS_METHOD_VERSION,
          moon_sign: SIGNS[signIndexOf(moon)]!,
          moon_longitude: moon,
          from: iso(fromMs),
          to: iso(toMs),
          stays: r.stays.map(stayOut),
          cycles: r.cycles.map((c) => ({
            kind: c.kind,
            start: iso(c.startMs),
            peak_start: c.peakStartMs === null ? undefined : iso(c.peakStartMs),
            peak_end: c.peakEndMs === null ? undefined : iso(c.peakEndMs),
            end: iso(c.endMs),
            stays: c.stays.map(stayOut),
          })),
          phase_at_from: r.phase_at_from ?? undefined,
          source: SADE_SATI_SOURCE,
          conventions: [...SADE_SATI_CONVENTIONS],
          features_used: [
            ...FEATURES(['planets.moon.longitude']),
            { source: 'transit_saturn', version: siderealFrame(), fields: ['longitude'] },
          ],
        };
      },
      getPitra: async (req, ctx) => {
        const lon = await chartBodies(deps, ctx, req.chart_id);
        const sign = (p: string) => signIndexOf(lon(p));
        const names: PitraPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'venus', 'saturn', 'rahu', 'ketu'];
        const r = pitra({
          lagna: sign('ascendant'),
          signs: Object.fromEntries(names.map((p) => [p, sign(p)])) as Record<PitraPlanet, number>,
        });
        return {
          chart_id: req.chart_id,
          method_version: DOSHAS_METHOD_VERSION,
          ...r,
          conventions: [...PITRA_CONVENTIONS],
          features_used: FEATURES(['planets.longitude', 'ascendant']),
        };
      },
    }),
  ];
}
