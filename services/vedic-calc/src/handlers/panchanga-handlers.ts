// gRPC handlers of astro.vedic.v1.PanchangaService: validate, call the domain, return the message.
import { PanchangaServiceService } from '@astro/protos/astro/vedic/v1/panchanga';
import { service, type Registration } from '@astro/platform';
import { currentPanchanga, dailyPanchanga, panchangaWindows } from '../domain/panchanga/panchanga.ts';
import { validateAtQuery, validateDayQuery } from '../domain/panchanga/validate.ts';
import type { VedicDeps } from './deps.ts';

export function panchangaRegistrations(deps: VedicDeps): Registration[] {
  void deps; // no chart needed
  return [
    service('astro.vedic.v1.PanchangaService', PanchangaServiceService, {
      getDailyPanchanga: async (req) => dailyPanchanga(validateDayQuery(req)),
      getCurrentPanchanga: async (req) => currentPanchanga(validateAtQuery(req)),
      getPanchangaWindows: async (req) => panchangaWindows(validateDayQuery(req)),
    }),
  ];
}
