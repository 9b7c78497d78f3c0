// MatchingService: proto <-> domain for kundli matching (Ashtakoota, poruthams, Manglik dosha). A partner
// is a stored Vedic chart of the caller's tenant (read through the chart service: another tenant's chart
// is 404) or inline birth data, computed here (sidereal, Lahiri, whole signs) and not stored.
import {
  BIRTH_MAX_YEAR,
  BIRTH_MIN_YEAR,
  computeChart,
  currentAyanamsha,
  signIndexOf,
  siderealFrame,
} from '@astro/astro-core';
import {
  AppError,
  awareMoment,
  coordinateErrors,
  fieldErrorsAnswer,
  service,
  type CallContext,
  type FieldError,
  type Registration,
} from '@astro/platform';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import {
  MatchingServiceService,
  type MatchingPartnerInput,
  type MatchingRequest,
} from '@astro/protos/astro/vedic/v1/matching';
import { ashtakoota } from '../domain/matching/ashtakoota.ts';
import {
  ASHTAKOOTA_CONVENTIONS,
  type Convention,
  MANGLIK_CONVENTIONS,
  MATCHING_METHOD_VERSION,
  PORUTHAM_CONVENTIONS,
} from '../domain/matching/conventions.ts';
import { manglik, manglikPair, MANGLIK_SOURCE, type ManglikResult } from '../domain/matching/manglik.ts';
import { matchingMoon, type MatchingMoon } from '../domain/matching/moon.ts';
import { poruthams } from '../domain/matching/porutham.ts';
import type { VedicDeps } from './deps.ts';

/** Birth years the chart service accepts, the same here (one range in astro-core). */
const MIN_YEAR = BIRTH_MIN_YEAR;
const MAX_YEAR = BIRTH_MAX_YEAR;

interface Body {
  planet: string;
  longitude: number;
  speed_per_day: number;
}

interface Partner {
  chartId: string | null;
  bodies: Body[];
}

type Side = 'groom' | 'bride';

interface Validated {
  side: Side;
  chartId?: string;
  birth?: { utcMs: number; latitude: number; longitude: number };
}

function validatePartner(side: Side, p: MatchingPartnerInput | undefined, errors: FieldError[]): Validated | null {
  if (!p) {
    errors.push({ field: side, reason: 'required', message: 'is required' });
    return null;
  }
  const hasId = p.chart_id !== undefined && p.chart_id !== '';
  const hasBirth = p.birth !== undefined;
  if (hasId === hasBirth) {
    errors.push({ field: side, reason: 'one_of_required', message: 'give exactly one of chart_id and birth' });
    return null;
  }
  if (hasId) return { side, chartId: p.chart_id! };
  const b = p.birth!;
  const field = `${side}.birth.moment`;
  const before = errors.length;
  const parsed = awareMoment(field, b.moment, errors);
  if (parsed) {
    const year = new Date(parsed.utcMs).getUTCFullYear();
    if (year < MIN_YEAR || year > MAX_YEAR)
      errors.push({ field, reason: 'out_of_range', message: `year must be within ${MIN_YEAR}-${MAX_YEAR}` });
  }
  errors.push(...coordinateErrors(b, `${side}.birth.`));
  if (errors.length > before || !parsed) return null;
  return { side, birth: { utcMs: parsed.utcMs, latitude: b.latitude!, longitude: b.longitude! } };
}

/** Both partners checked together (every bad field in one 422), then the same chart twice refused. */
function validate(req: MatchingRequest): [Validated, Validated] {
  const errors: FieldError[] = [];
  const g = validatePartner('groom', req.groom, errors);
  const b = validatePartner('bride', req.bride, errors);
  if (errors.length || !g || !b) throw fieldErrorsAnswer(errors);
  // Chart ids are UUIDs, which the chart service matches whatever their case.
  if (g.chartId !== undefined && g.chartId.toLowerCase() === b.chartId?.toLowerCase())
    throw new AppError('duplicate_matching_charts', 'The groom and the bride are the same chart.', {
      chart_id: g.chartId,
    });
  return [g, b];
}

async function loadPartner(deps: VedicDeps, ctx: CallContext, v: Validated): Promise<Partner> {
  if (v.chartId !== undefined) {
    const stored = await deps.charts.load(ctx, v.chartId);
    return { chartId: v.chartId, bodies: stored.chart?.planets ?? [] };
  }
  const c = computeChart({
    utcMs: v.birth!.utcMs,
    latitude: v.birth!.latitude,
    longitude: v.birth!.longitude,
    system: 'vedic',
    houseSystem: 'whole_sign',
    // The request's ayanamsha: the override, else that of the other partner's chart if read first.
    ayanamsha: currentAyanamsha(),
  });
  return { chartId: null, bodies: c.planets };
}

function body(p: Partner, planet: string): Body {
  const b = p.bodies.find((x) => x.planet === planet);
  if (!b) throw new AppError('invalid_request', `The chart has no ${planet}.`, { chart_id: p.chartId, planet });
  return b;
}

function moonOf(p: Partner): MatchingMoon {
  return matchingMoon(body(p, 'moon').longitude);
}

function partnerMoon(p: Partner, m: MatchingMoon) {
  return {
    chart_id: p.chartId ?? undefined,
    moon_longitude: m.longitude,
    moon_sign: m.sign,
    nakshatra: m.nakshatra,
    nakshatra_number: m.nakshatraIndex + 1,
    pada: m.pada,
    navamsa_sign: m.navamsaSign,
  };
}

function manglikOf(p: Partner): ManglikResult {
  const sign = (planet: string) => signIndexOf(body(p, planet).longitude);
  return manglik({
    lagna: sign('ascendant'),
    moon: sign('moon'),
    venus: sign('venus'),
    mars: sign('mars'),
    jupiter: sign('jupiter'),
    saturn: sign('saturn'),
    marsRetrograde: body(p, 'mars').speed_per_day < 0,
  });
}

function pairOf(g: Partner, b: Partner) {
  const gm = manglikOf(g);
  const bm = manglikOf(b);
  return {
    groom: { chart_id: g.chartId ?? undefined, ...gm },
    bride: { chart_id: b.chartId ?? undefined, ...bm },
    ...manglikPair(gm, bm),
    source: MANGLIK_SOURCE,
  };
}

/** Built per request: the frame label follows the request's ayanamsha. */
const features = (): FeatureUsed[] => [
  {
    source: 'natal_chart',
    version: siderealFrame(),
    fields: ['planets.moon.longitude', 'planets.longitude', 'planets.speed_per_day', 'ascendant'],
  },
];

export function matchingRegistrations(deps: VedicDeps): Registration[] {
  /** Both partners loaded, their Moons scored by `rules`, with both Manglik readings: one answer shape. */
  const match = async <T extends object>(
    req: MatchingRequest,
    ctx: CallContext,
    rules: (groom: MatchingMoon, bride: MatchingMoon) => T,
    conventions: readonly Convention[],
  ) => {
    const [gv, bv] = validate(req);
    const [g, b] = await Promise.all([loadPartner(deps, ctx, gv), loadPartner(deps, ctx, bv)]);
    const gm = moonOf(g);
    const bm = moonOf(b);
    return {
      method_version: MATCHING_METHOD_VERSION,
      groom: partnerMoon(g, gm),
      bride: partnerMoon(b, bm),
      ...rules(gm, bm),
      manglik: pairOf(g, b),
      conventions: [...conventions],
      features_used: features(),
    };
  };
  return [
    service('astro.vedic.v1.MatchingService', MatchingServiceService, {
      getAshtakoota: (req, ctx) => match(req, ctx, ashtakoota, ASHTAKOOTA_CONVENTIONS),
      getPorutham: (req, ctx) => match(req, ctx, poruthams, PORUTHAM_CONVENTIONS),
      getManglik: async (req, ctx) => {
        const stored = await deps.charts.load(ctx, req.chart_id);
        const p: Partner = { chartId: req.chart_id, bodies: stored.chart?.planets ?? [] };
        return {
          chart_id: req.chart_id,
          method_version: MATCHING_METHOD_VERSION,
          ...manglikOf(p),
          source: MANGLIK_SOURCE,
          conventions: [...MANGLIK_CONVENTIONS],
          features_used: features(),
        };
      },
    }),
  ];
}
