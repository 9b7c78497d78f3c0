// ProgressionService: proto <-> domain for the age-window progression.
import { ProgressionServiceService } from '@astro/protos/astro/vedic/v1/progression';
import { awareInstant, invalidRequest, service, type Registration } from '@astro/platform';
import { PROGRESSION_METHOD_VERSION, progressionAt, MAX_AGE } from '../domain/progression/progression.ts';
import { isoUtc } from '../domain/dashas/time.ts';
import type { VedicDeps } from './deps.ts';

export function progressionRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('ProgressionService', ProgressionServiceService, {
      async getProgression(req, ctx) {
        const eventMs = awareInstant('event_date', req.event_date);
        const stored = await deps.charts.load(ctx, req.id);
        const r = progressionAt(stored.utc_ms, eventMs, stored.chart?.planets ?? []);
        if (!r.ok) {
          const message =
            r.reason === 'before_birth'
              ? 'must not be before the birth moment'
              : r.reason === 'beyond_table'
                ? `must fall within the first ${MAX_AGE} years of life`
                : `the chart has no ${r.planet}`;
          throw invalidRequest([{ field: 'event_date', reason: 'out_of_range', message }]);
        }
        const p = r.value;
        return {
          chart_id: stored.chart?.id ?? req.id,
          method_version: PROGRESSION_METHOD_VERSION,
          planet: p.planet,
          is_retrograde: p.isRetrograde,
          progressed_longitude: p.progressedLongitude,
          progression_start_date: isoUtc(p.progressionStartMs),
          progression_years: p.progressionYears,
          final_longitude: p.finalLongitude,
          event_date: isoUtc(eventMs),
          age: p.age,
          natal_longitude: p.natalLongitude,
          daily_movement: p.dailyMovement,
          days_since_period_start: p.daysSincePeriodStart,
        };
      },
    }),
  ];
}
