// gRPC handlers: proto <-> domain only.
import { ChartReaderServiceService, ChartServiceService } from '@astro/protos/astro/chart/v1/chart';
import { AppError, requireTenant, service, type CallContext, type Registration } from '@astro/platform';
import type { ChartUseCases } from '../domain/chart-use-cases.ts';
import type { ErasureFeed } from '../domain/erasure-feed.ts';

const tenantOf = requireTenant;

/** The client address the gateway saw (after its trusted-proxy rules). */
function clientAddress(ctx: CallContext): string {
  const v = ctx.metadata.get('x-client-ip')[0];
  return typeof v === 'string' && v ? v : 'unknown';
}

const NOT_HEARING = 'This replica does not hear every deletion now; watch again shortly.';

export function chartRegistrations(uc: ChartUseCases, feed: ErasureFeed): Registration[] {
  return [
    service('astro.chart.v1.ChartService', ChartServiceService, {
      createChart: async (req, ctx) => uc.create(tenantOf(ctx), req),
      getChart: async (req, ctx) => uc.get(tenantOf(ctx), req.chart_id),
      deleteChart: async (req, ctx) => {
        await uc.delete(tenantOf(ctx), req.chart_id);
        return {};
      },
      eraseTenantData: async (req, ctx) => uc.eraseTenantData(tenantOf(ctx), req.confirm),
      createDemoChart: async (req, ctx) => uc.demo(clientAddress(ctx), req),
      searchPlaces: async (req) => {
        const candidates = await uc.searchPlaces(req.query ?? '', req.language, req.limit);
        return { query: req.query ?? '', candidates };
      },
    }),
    service('astro.chart.v1.ChartReaderService', ChartReaderServiceService, {
      readChart: async (req) => uc.read(req.tenant_id, req.chart_id),
      // Open until the watcher leaves (abort) or this replica stops hearing deletions (an error, so
      // the watcher drops what it keeps and watches again).
      watchErasures: (_req, ctx, send) =>
        new Promise<void>((resolve, reject) => {
          const stop = feed.watch({
            erased: (tenantId, chartId) =>
              void send({ kind: chartId ? 'chart' : 'tenant', tenant_id: tenantId, chart_id: chartId ?? '' }),
            lost: () => reject(new AppError('service_unavailable', NOT_HEARING)),
          });
          if (!stop) return reject(new AppError('service_unavailable', NOT_HEARING));
          send({ kind: 'hello', tenant_id: '', chart_id: '' });
          const leave = () => (stop(), resolve());
          if (ctx.signal.aborted) leave();
          else ctx.signal.addEventListener('abort', leave, { once: true });
        }),
    }),
  ];
}
