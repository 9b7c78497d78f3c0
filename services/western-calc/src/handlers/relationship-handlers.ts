// WesternRelationshipService: proto <-> domain for the relationship routes and pair facts. Both charts
// must be Western charts of the caller's tenant (the chart service answers 404 chart_not_found for
// anything else, the loader 422 unsupported_astrology_system for a Vedic chart).
import {
  AppError,
  invalidRequest,
  service,
  type CallContext,
  type FieldError,
  type Registration,
} from '@astro/platform';
import { WesternRelationshipServiceService } from '@astro/protos/astro/western/v1/relationships';
import type { RelationshipPoint } from '@astro/protos/astro/western/v1/relationships';
import { pairFacts } from '../domain/relationships/pair-facts.ts';
import { relationship, RELATIONSHIP_METHOD_VERSION, type RelationshipResult } from '../domain/relationships/report.ts';
import { bestCompatibilityTopics, relationshipHighlights } from '../domain/relationships/ux.ts';
import type { ChartData } from '../domain/relationships/chart-data.ts';
import type { ReportStore } from '../domain/ports.ts';
import { chartDataOf } from './chart-data.ts';
import type { WesternDeps } from './deps.ts';

export interface RelationshipDeps extends WesternDeps {
  reports: ReportStore;
}

const TOPICS_DEFAULT = 3;
const TOPICS_MAX = 7;

interface PairRequest {
  chart_a_id?: string | undefined;
  chart_b_id?: string | undefined;
}

function checkPair(req: PairRequest): { a: string; b: string } {
  const errors: FieldError[] = [];
  for (const f of ['chart_a_id', 'chart_b_id'] as const)
    if (!req[f]) errors.push({ field: f, reason: 'required', message: 'is required' });
  if (errors.length) throw invalidRequest(errors);
  if (req.chart_a_id === req.chart_b_id)
    throw new AppError('duplicate_relationship_charts', 'Both sides of a relationship are the same chart.', {
      chart_a_id: req.chart_a_id,
      chart_b_id: req.chart_b_id,
    });
  return { a: req.chart_a_id!, b: req.chart_b_id! };
}

async function loadPair(deps: WesternDeps, ctx: CallContext, req: PairRequest): Promise<[ChartData, ChartData]> {
  const { a, b } = checkPair(req);
  // Sequential on purpose: the first failing side decides the error deterministically.
  const sa = await deps.charts.load(ctx, a);
  const sb = await deps.charts.load(ctx, b);
  return [chartDataOf(a, sa), chartDataOf(b, sb)];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Domain result -> RelationshipResponse fields (without id and created_at). */
export function relationshipBody(r: RelationshipResult) {
  const compositePoint = (p: RelationshipResult['composite']['positions'][number]): RelationshipPoint => ({
    planet: p.planet,
    longitude: p.longitude,
    sign: p.sign,
    degree_in_sign: p.degree_in_sign,
    house: p.house,
  });
  return {
    chart_a_id: r.chart_a_id,
    chart_b_id: r.chart_b_id,
    method_version: RELATIONSHIP_METHOD_VERSION,
    synastry: r.synastry,
    house_overlays: r.house_overlays,
    composite: {
      method: r.composite.method,
      positions: r.composite.positions.map(compositePoint),
      houses: r.composite.houses,
      aspects: r.composite.aspects,
    },
    davison: {
      moment: iso(r.davison.moment.utcMs),
      latitude: r.davison.moment.latitude,
      longitude: r.davison.moment.longitude,
      house_system: r.davison.house_system,
      positions: r.davison.positions.map((p) => ({
        planet: p.planet,
        longitude: p.longitude,
        sign: p.sign,
        degree_in_sign: p.degree_in_sign,
        house: p.house,
        speed_per_day: p.speed_per_day,
        is_retrograde: p.is_retrograde,
      })),
      houses: r.davison.houses,
      aspects: r.davison.aspects,
    },
    scores: r.scores,
  };
}

export function relationshipRegistrations(deps: RelationshipDeps): Registration[] {
  return [
    service('astro.western.v1.WesternRelationshipService', WesternRelationshipServiceService, {
      createRelationship: async (req, ctx) => {
        const [a, b] = await loadPair(deps, ctx, req);
        const body = relationshipBody(relationship(a, b));
        const saved = await deps.reports.save({
          tenantId: ctx.principal!.tenant_id,
          chartAId: a.chartId,
          chartBId: b.chartId,
          methodVersion: RELATIONSHIP_METHOD_VERSION,
          result: body,
        });
        return { report_id: saved.id, created_at: saved.createdAt.toISOString(), ...body };
      },
      getBestCompatibilityTopics: async (req, ctx) => {
        let limit = TOPICS_DEFAULT;
        if (req.limit !== undefined) {
          if (!Number.isInteger(req.limit) || req.limit < 1 || req.limit > TOPICS_MAX)
            throw invalidRequest([{ field: 'limit', reason: 'out_of_range', message: `must be 1-${TOPICS_MAX}` }]);
          limit = req.limit;
        }
        const [a, b] = await loadPair(deps, ctx, req);
        const r = relationship(a, b);
        return {
          chart_a_id: a.chartId,
          chart_b_id: b.chartId,
          method_version: RELATIONSHIP_METHOD_VERSION,
          overall_score: r.scores.overall,
          topics: bestCompatibilityTopics(r, limit),
        };
      },
      getRelationshipHighlights: async (req, ctx) => {
        const [a, b] = await loadPair(deps, ctx, req);
        return {
          chart_a_id: a.chartId,
          chart_b_id: b.chartId,
          method_version: RELATIONSHIP_METHOD_VERSION,
          highlights: relationshipHighlights(relationship(a, b)),
        };
      },
      getPairFacts: async (req, ctx) => {
        const [a, b] = await loadPair(deps, ctx, req);
        return {
          chart_a_id: a.chartId,
          chart_b_id: b.chartId,
          method_version: RELATIONSHIP_METHOD_VERSION,
          ...pairFacts(a, b, relationship(a, b)),
        };
      },
    }),
  ];
}
