// WesternCoreService: proto <-> domain for the natal analysis routes.
import { WesternCoreServiceService } from '@astro/protos/astro/western/v1/core';
import { invalidRequest, service, type CallContext, type Registration } from '@astro/platform';
import { findAspects } from '../domain/aspects/aspects.ts';
import { antisciaOf } from '../domain/natal/antiscia.ts';
import { balanceOf } from '../domain/natal/balance.ts';
import { dignitiesOf } from '../domain/natal/dignities.ts';
import { dispositorChains } from '../domain/natal/dispositors.ts';
import { fixedStarContacts } from '../domain/natal/fixed-stars.ts';
import { housesOf, natalFrame, parseHouseSystem, type NatalFrame } from '../domain/natal/houses.ts';
import { lotsOf } from '../domain/natal/lots.ts';
import { patternsOf } from '../domain/natal/patterns.ts';
import { isDayChart } from '../domain/natal/sect.ts';
import { summarize } from '../domain/natal/summary.ts';
import type { WesternDeps } from './deps.ts';

/** Loads the caller's Western chart as a natal frame; `houseSystem` validated before the read. */
export async function loadFrame(
  deps: WesternDeps,
  ctx: CallContext,
  id: string,
  houseSystem?: string,
): Promise<NatalFrame> {
  const override = parseHouseSystem(houseSystem);
  const stored = await deps.charts.load(ctx, id);
  return natalFrame(stored, override);
}

function orbParam(v: number | undefined): number {
  if (v === undefined) return 1;
  if (!Number.isFinite(v) || v < 0.1 || v > 2)
    throw invalidRequest([{ field: 'max_orb_degrees', reason: 'out_of_range', message: 'must be from 0.1 to 2.0' }]);
  return v;
}

export function coreRegistrations(deps: WesternDeps): Registration[] {
  return [
    service('astro.western.v1.WesternCoreService', WesternCoreServiceService, {
      async getAspects(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: findAspects(f.points) };
      },
      async getDignities(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: dignitiesOf(f.points, isDayChart(f.points)) };
      },
      async getBalance(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id, req.house_system);
        return balanceOf(f);
      },
      async getPatterns(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: patternsOf(f) };
      },
      async getSummary(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id, req.house_system);
        return summarize(
          f.chartId,
          f.points,
          findAspects(f.points),
          dignitiesOf(f.points, isDayChart(f.points)),
          balanceOf(f),
          patternsOf(f),
        );
      },
      async getHouses(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id, req.house_system);
        return { items: housesOf(f) };
      },
      async getDispositors(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: dispositorChains(f.points) };
      },
      async getAntiscia(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: antisciaOf(f.points) };
      },
      async getLots(req, ctx) {
        const f = await loadFrame(deps, ctx, req.id);
        return { items: lotsOf(f.points, f.cusps, isDayChart(f.points)) };
      },
      async getFixedStars(req, ctx) {
        const orb = orbParam(req.max_orb_degrees);
        const f = await loadFrame(deps, ctx, req.id);
        return { items: fixedStarContacts(f.points, f.cusps, f.utcMs, orb) };
      },
    }),
  ];
}
