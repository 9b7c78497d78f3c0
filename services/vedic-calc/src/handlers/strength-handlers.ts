// VedicStrengthService: proto <-> domain for the strength routes (spec 2-vedic.md "Strength objects",
// "Composite strength", "Shadbala family").
import { SIGNS, type ClassicalPlanet, siderealFrame } from '@astro/astro-core';
import { AppError, invalidRequest, service, type CallContext, type Registration } from '@astro/platform';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import {
  VedicStrengthServiceService,
  type ShadbalaEntry as ShadbalaEntryMsg,
} from '@astro/protos/astro/vedic/v1/strength';
import { dignityName, SHODASHA_VARGAS, vargaStrength } from '../domain/vargas/charts.ts';
import {
  avasthaOf,
  COMPOSITE_METHOD_VERSION,
  functionalNature,
  isClassical,
  isYogakaraka,
  ishtaKashta,
  ownedHousesOf,
  rasiSignsOf,
  SHADBALA_METHOD_VERSION,
  VARGA_GROUPS,
  vimshopaka,
  type ShadbalaEntry,
  type VargaGroup,
} from '../domain/strength/index.ts';
import type { VedicDeps } from './deps.ts';
import { chartStrength } from './strength-source.ts';
import { siderealBodies } from './varga-handlers.ts';

const VARGA_DIGNITY_METHOD_VERSION = 'varga-dignity-bphs-v1';
const VIMSHOPAKA_METHOD_VERSION = 'vimshopaka-bphs-v1';
const NOTE =
  'All six balas counted (sthana, dig, kala, chesta, naisargika, drik); values in virupas, 60 virupas = 1 rupa. ' +
  'uchcha and other_sthana together form sthana bala.';
/** Built per request: the frame label follows the request's ayanamsha. */
const features = (): FeatureUsed[] => [
  { source: 'natal_chart', version: siderealFrame(), fields: ['planets.longitude', 'planets.speed_per_day'] },
  { source: 'panchanga', version: 'sunrise-sunset', fields: ['sunrise', 'sunset'] },
  { source: 'ashtakavarga', version: 'bphs', fields: ['sarvashtakavarga'] },
];
const NINE = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];

function shadbalaMsg(e: ShadbalaEntry): ShadbalaEntryMsg {
  return {
    planet: e.planet,
    naisargika: e.naisargika,
    dig: e.dig,
    uchcha: e.uchcha,
    drik: e.drik,
    kala: e.kala,
    chesta: e.chesta,
    other_sthana: e.other_sthana,
    total: e.total,
    simplified: e.simplified,
  };
}

export function strengthRegistrations(deps: VedicDeps): Registration[] {
  const load = async (ctx: CallContext, id: string) => {
    const stored = await deps.charts.load(ctx, id);
    return { stored, ...chartStrength(stored) };
  };
  const shadbala = async (req: { id: string }, ctx: CallContext) => {
    const { profile } = await load(ctx, req.id);
    return {
      chart_id: req.id,
      entries: profile.shadbala.entries.map(shadbalaMsg),
      note: NOTE,
      method_version: SHADBALA_METHOD_VERSION,
    };
  };
  return [
    service('astro.vedic.v1.VedicStrengthService', VedicStrengthServiceService, {
      getShadbala: shadbala,
      getStrengthShadbala: shadbala,
      getKalaBala: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: SHADBALA_METHOD_VERSION,
          entries: profile.shadbala.entries.map((e) => {
            const k = e.parts.kala;
            return {
              planet: e.planet,
              paksha: k.paksha,
              vara: k.vara,
              abda: k.abda,
              masa: k.masa,
              yuddha: k.yuddha,
              total: k.total,
            };
          }),
        };
      },
      getKalaBalaFull: async (req, ctx) => {
        const { profile, frame } = await load(ctx, req.id);
        return {
          chart_id: req.id,
          sunrise: new Date(frame.sunriseMs).toISOString(),
          sunset: new Date(frame.sunsetMs).toISOString(),
          method_version: SHADBALA_METHOD_VERSION,
          entries: profile.shadbala.entries.map((e) => {
            const k = e.parts.kala;
            return {
              planet: e.planet,
              nathonnatha: k.nathonnatha,
              tribhaga: k.tribhaga,
              ayana: k.ayana,
              total: k.total,
            };
          }),
        };
      },
      getBhavaBala: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        return { chart_id: req.id, entries: profile.bhavaBala, method_version: SHADBALA_METHOD_VERSION };
      },
      getIshtaKashta: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        const comp = new Map(profile.composite.map((c) => [c.planet, c.score]));
        return {
          chart_id: req.id,
          method_version: COMPOSITE_METHOD_VERSION,
          entries: profile.shadbala.entries.map((e) => ({
            planet: e.planet,
            ...ishtaKashta(e.uchcha, comp.get(e.planet)!),
          })),
        };
      },
      getCompositeStrength: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        return { chart_id: req.id, entries: profile.composite, method_version: COMPOSITE_METHOD_VERSION };
      },
      getSignStrength: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        return { chart_id: req.id, by_sign: profile.signs, method_version: COMPOSITE_METHOD_VERSION };
      },
      getHouseStrength: async (req, ctx) => {
        const { profile } = await load(ctx, req.id);
        return { chart_id: req.id, by_house: profile.houses, method_version: COMPOSITE_METHOD_VERSION };
      },
      getPlanetStrength: async (req, ctx) => {
        const { profile, input } = await load(ctx, req.id);
        const byName = new Map(input.bodies.map((b) => [b.planet, b]));
        const lons = new Map(input.bodies.map((b) => [b.planet, b.longitude]));
        const rasi = rasiSignsOf(lons);
        const sb = new Map(profile.shadbala.entries.map((e) => [e.planet as string, e]));
        const comp = new Map(profile.composite.map((c) => [c.planet as string, c]));
        const entries = NINE.filter((p) => byName.has(p)).map((p) => {
          const b = byName.get(p)!;
          const l = ((b.longitude % 360) + 360) % 360;
          const owned = ownedHousesOf(p, profile.ascendantSign);
          const s = sb.get(p);
          const c = comp.get(p);
          const ik = s && c ? ishtaKashta(s.uchcha, c.score) : null;
          return {
            planet: p,
            sign: SIGNS[Math.floor(l / 30)]!,
            house: ((Math.floor(l / 30) - profile.ascendantSign + 12) % 12) + 1,
            owned_houses: owned,
            functional_nature: functionalNature(p, owned) ?? undefined,
            is_yogakaraka: isClassical(p) && isYogakaraka(owned),
            composite_score: c?.score,
            composite_category: c?.category,
            shadbala: s ? shadbalaMsg(s) : undefined,
            ishta_kashta: ik ? { ishta: ik.ishta / 60, kashta: ik.kashta / 60 } : undefined,
            avastha: (() => {
              const a = avasthaOf(p, l, b.speed ?? 0, rasi);
              return { age: a.age, dignity: a.dignity ?? undefined, motion: a.motion };
            })(),
          };
        });
        return { chart_id: req.id, method_version: COMPOSITE_METHOD_VERSION, entries, features_used: features() };
      },
      getVimshopaka: async (req, ctx) => {
        const group = (req.group ?? 'shad_varga') as VargaGroup;
        if (!(VARGA_GROUPS as readonly string[]).includes(group))
          throw invalidRequest([
            { field: 'group', reason: 'invalid_value', message: `group must be one of ${VARGA_GROUPS.join(', ')}` },
          ]);
        if (!isClassical(req.planet))
          throw new AppError('unknown_planet', 'Vimshopaka is defined for the seven classical planets.', {
            planet: req.planet,
            allowed: ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'],
          });
        const stored = await deps.charts.load(ctx, req.id);
        const lons = new Map(siderealBodies(stored).map((b) => [b.planet, b.longitude]));
        const v = vimshopaka(req.planet as ClassicalPlanet, lons.get(req.planet)!, rasiSignsOf(lons), group);
        return {
          chart_id: req.id,
          planet: req.planet,
          varga_group: group,
          points: v.points,
          per_varga_points: v.per_varga_points,
          method_version: VIMSHOPAKA_METHOD_VERSION,
        };
      },
      getVargaDignity: async (req, ctx) => {
        const stored = await deps.charts.load(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: VARGA_DIGNITY_METHOD_VERSION,
          entries: vargaStrength(siderealBodies(stored), SHODASHA_VARGAS).map((e) => ({
            planet: e.planet,
            own_sign_count: e.own_sign_count,
            dignity_name: dignityName(e.own_sign_count) ?? undefined,
            own_sign_vargas: e.own_sign_vargas,
          })),
        };
      },
    }),
  ];
}
