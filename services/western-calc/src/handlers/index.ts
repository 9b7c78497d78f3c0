// Every gRPC service western-calc serves. Each area adds its registrations here (one import, one entry).
import type { Registration } from '@astro/platform';
import type { WesternDeps } from './deps.ts';
import { coreRegistrations } from './core-handlers.ts';
import { predictiveRegistrations } from './predictive-handlers.ts';

export function westernRegistrations(deps: WesternDeps): Registration[] {
  return [...coreRegistrations(deps), ...predictiveRegistrations(deps)];
}
