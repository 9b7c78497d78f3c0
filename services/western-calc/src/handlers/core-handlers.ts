// WesternCoreService: proto <-> domain for the natal analysis routes.
import { WesternCoreServiceService } from '@astro/protos/astro/western/v1/core';
import { service, type Registration } from '@astro/platform';
import { findAspects } from '../aspects/aspects.ts';
import { pointsOf } from '../natal/points.ts';
import type { WesternDeps } from './deps.ts';

export function coreRegistrations(deps: WesternDeps): Registration[] {
  return [
    service('astro.western.v1.WesternCoreService', WesternCoreServiceService, {
      async getAspects(req, ctx) {
        const stored = await deps.charts.load(ctx, req.id);
        return { items: findAspects(pointsOf(stored.chart?.planets ?? [])) };
      },
    }),
  ];
}
