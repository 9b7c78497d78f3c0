// Every gRPC service western-calc serves. Each area adds its registrations here (one import, one entry).
import type { Registration } from '@astro/platform';
import { coreRegistrations } from './core-handlers.ts';
import { imageRegistrations } from './image-handlers.ts';
import { predictiveRegistrations } from './predictive-handlers.ts';
import { productRegistrations } from './product-handlers.ts';
import { relationshipRegistrations, type RelationshipDeps } from './relationship-handlers.ts';

export function westernRegistrations(deps: RelationshipDeps): Registration[] {
  return [
    ...coreRegistrations(deps),
    ...predictiveRegistrations(deps),
    ...relationshipRegistrations(deps),
    ...productRegistrations(deps),
    ...imageRegistrations(deps),
  ];
}
