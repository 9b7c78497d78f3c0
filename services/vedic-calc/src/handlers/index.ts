// Every gRPC service vedic-calc serves. Each area adds its registrations here (one import, one entry).
import type { Registration } from '@astro/platform';
import type { VedicDeps } from './deps.ts';
import { vargaRegistrations } from './varga-handlers.ts';
import { jaiminiRegistrations } from './jaimini-handlers.ts';
import { dashaRegistrations } from './dasha-handlers.ts';
import { panchangaRegistrations } from './panchanga-handlers.ts';
import { muhurtaRegistrations } from './muhurta-handlers.ts';
import { progressionRegistrations } from './progression-handlers.ts';
import { strengthRegistrations } from './strength-handlers.ts';
import { theoRegistrations } from './theo-handlers.ts';
import { predictRegistrations } from './predict-handlers.ts';
import { readingsRegistrations } from './readings-handlers.ts';
import { erasureRegistrations } from './erasure-handlers.ts';
import { matchingRegistrations } from './matching-handlers.ts';
import { dashaSystemsRegistrations } from './dasha-systems-handlers.ts';
import { yogaRegistrations } from './yoga-handlers.ts';
import { doshaRegistrations } from './dosha-handlers.ts';
import { imageRegistrations } from './image-handlers.ts';
import { withAyanamshaSeam } from './ayanamsha-seam.ts';

/** Every Vedic route passes the ayanamsha seam (ayanamsha-seam.ts): one place, not each handler. */
export function vedicRegistrations(deps: VedicDeps): Registration[] {
  return withAyanamshaSeam([
    ...vargaRegistrations(deps),
    ...jaiminiRegistrations(deps),
    ...dashaRegistrations(deps),
    ...panchangaRegistrations(deps),
    ...muhurtaRegistrations(deps),
    ...progressionRegistrations(deps),
    ...strengthRegistrations(deps),
    ...theoRegistrations(deps),
    ...predictRegistrations(deps),
    ...readingsRegistrations(deps),
    ...matchingRegistrations(deps),
    ...dashaSystemsRegistrations(deps),
    ...yogaRegistrations(deps),
    ...doshaRegistrations(deps),
    ...imageRegistrations(deps),
    ...erasureRegistrations(deps),
  ]);
}
