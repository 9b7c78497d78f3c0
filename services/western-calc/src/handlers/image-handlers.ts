// WesternImageService: the wheel image of a stored Western chart (docs/chart-images.md).
import { imageAnswer, requestedImage } from '@astro/chart-svg';
import { service, type Registration } from '@astro/platform';
import { WesternImageServiceService } from '@astro/protos/astro/western/v1/images';
import { wheelSvg } from '../domain/images/wheel.ts';
import { loadFrame } from './core-handlers.ts';
import type { WesternDeps } from './deps.ts';

export function imageRegistrations(deps: WesternDeps): Registration[] {
  return [
    service('astro.western.v1.WesternImageService', WesternImageServiceService, {
      async getWheelImage(req, ctx) {
        // Options are checked before the chart is read: a bad size is 422 whoever owns the chart.
        const opts = requestedImage(req);
        const frame = await loadFrame(deps, ctx, req.id, req.house_system);
        return imageAnswer(wheelSvg(frame, opts), opts.format);
      },
    }),
  ];
}
