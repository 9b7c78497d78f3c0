// gRPC handlers: proto <-> domain only.
import { ChartReaderServiceService, ChartServiceService } from '@astro/protos/astro/chart/v1/chart';
import { requireTenant, service, type CallContext, type Registration } from '@astro/platform';
import type { ChartUseCases } from '../domain/chart-use-cases.ts';

const tenantOf = requireTenant;

/** The client address the gateway saw (after its trusted-proxy rules). */
function clientAddress(ctx: CallContext): string {
  const v = ctx.metadata.get('x-client-ip')[0];
  return typeof v === 'string' && v ? v : 'unknown';
}

export function chartRegistrations(uc: ChartUseCases): Registration[] {
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
    }),
  ];
}
