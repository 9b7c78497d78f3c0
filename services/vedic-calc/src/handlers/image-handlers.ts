// VedicImageService: the North or South Indian chart image of a stored chart (docs/chart-images.md).
// Western charts are drawn too, from their positions recomputed with Lahiri, as /divisional does.
import { imageAnswer, requestedImage } from '@astro/chart-svg';
import { invalidRequest, service, type FieldError, type Registration } from '@astro/platform';
import { VedicImageServiceService } from '@astro/protos/astro/vedic/v1/images';
import { CHART_STYLES, isChartStyle, retrogradeOf, squareChartSvg } from '../domain/images/square-chart.ts';
import { isVarga, VARGAS } from '../domain/vargas/rules.ts';
import type { VedicDeps } from './deps.ts';
import { siderealBodies } from './varga-handlers.ts';

export function imageRegistrations(deps: VedicDeps): Registration[] {
  return [
    service('astro.vedic.v1.VedicImageService', VedicImageServiceService, {
      async getChartImage(req, ctx) {
        const style = req.style || 'north';
        const varga = req.varga || 'D1';
        const errors: FieldError[] = [];
        if (!isChartStyle(style))
          errors.push({
            field: 'style',
            reason: 'invalid_value',
            message: `style must be one of ${CHART_STYLES.join(', ')}`,
          });
        if (!isVarga(varga))
          errors.push({
            field: 'varga',
            reason: 'invalid_value',
            message: `varga must be one of ${VARGAS.join(', ')}`,
          });
        // One 422 naming every bad field; checked before the read, so whoever owns the chart.
        const opts = requestedImage(req, errors);
        if (!isChartStyle(style) || !isVarga(varga)) throw invalidRequest(errors); // (narrows the types)
        const stored = await deps.charts.load(ctx, req.id, { allowWestern: true });
        const svg = squareChartSvg(siderealBodies(stored), {
          chartId: req.id,
          style,
          varga,
          theme: opts.theme,
          size: opts.size,
          retrograde: retrogradeOf(stored.chart?.planets ?? []),
        });
        return imageAnswer(svg, opts.format);
      },
    }),
  ];
}
