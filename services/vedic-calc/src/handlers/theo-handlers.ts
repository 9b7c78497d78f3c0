// TheoService: theo planets, houses, house strength and sign influences (spec 2-vedic.md "Theo").
// Vedic charts only; answers are JSON HttpBody (shapes in README "Vedic theo and probability").
import { service, type CallContext, type Registration } from '@astro/platform';
import { TheoServiceService } from '@astro/protos/astro/vedic/v1/theo';
import {
  HOUSE_STRENGTH_METHOD_VERSION,
  houseStrength,
  SIGN_INFLUENCES_METHOD_VERSION,
  signInfluences,
  THEO_METHOD_VERSION,
  theoHouses,
  theoPlanets,
} from '../domain/theo/theo.ts';
import type { VedicDeps } from './deps.ts';
import { factsOf, json, strengthOf } from './theo-common.ts';

export function theoRegistrations(deps: VedicDeps): Registration[] {
  const load = (ctx: CallContext, id: string) => deps.charts.load(ctx, id);
  return [
    service('astro.vedic.v1.TheoService', TheoServiceService, {
      getTheoPlanets: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const f = factsOf(stored);
        return json({
          chart_id: req.id,
          method_version: THEO_METHOD_VERSION,
          planets: theoPlanets(f, strengthOf(stored).inputs),
        });
      },
      getTheoHouses: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const f = factsOf(stored);
        return json({
          chart_id: req.id,
          method_version: THEO_METHOD_VERSION,
          houses: theoHouses(f, strengthOf(stored).inputs),
        });
      },
      getTheoHouseStrength: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const f = factsOf(stored, 'theo_house_strength_failed');
        return json({
          chart_id: req.id,
          method_version: HOUSE_STRENGTH_METHOD_VERSION,
          by_house: houseStrength(f, strengthOf(stored).inputs),
        });
      },
      getSignInfluences: async (req, ctx) => {
        const f = factsOf(await load(ctx, req.id));
        return json({ chart_id: req.id, method_version: SIGN_INFLUENCES_METHOD_VERSION, signs: signInfluences(f) });
      },
    }),
  ];
}
