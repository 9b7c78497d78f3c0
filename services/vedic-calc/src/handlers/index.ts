// Every gRPC service vedic-calc serves. Each area adds its registrations here (one import, one entry).
import type { Registration } from '@astro/platform';
import type { VedicDeps } from './deps.ts';

export function vedicRegistrations(deps: VedicDeps): Registration[] {
  void deps;
  return [];
}
