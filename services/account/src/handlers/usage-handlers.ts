// AccountService: the four usage report routes. Proto <-> domain only.
import type { Handlers } from '@astro/platform';
import type { AccountServiceService, UsageReport } from '@astro/protos/astro/account/v1/account';
import type { UsageReportView } from '../domain/usage/report.ts';
import type { Usage } from '../domain/usage/usage.ts';
import { requirePrincipal } from './caller.ts';

type UsageMethods = 'getTenantUsage' | 'getTenantUsageEndpoints' | 'getApiKeyUsage' | 'getApiKeyUsageEndpoints';

function reportMessage(v: UsageReportView): UsageReport {
  return {
    ...v,
    // null p95 -> unset optional field, rendered as JSON null by the gateway.
    buckets: v.buckets.map((b) => ({ ...b, latency_p95_ms: b.latency_p95_ms ?? undefined })),
  };
}

export function usageHandlers(usage: Usage): Pick<Handlers<typeof AccountServiceService>, UsageMethods> {
  return {
    getTenantUsage: async (req, ctx) => reportMessage(await usage.tenantHourly(requirePrincipal(ctx), req)),
    getTenantUsageEndpoints: async (req, ctx) => reportMessage(await usage.tenantEndpoints(requirePrincipal(ctx), req)),
    getApiKeyUsage: async (req, ctx) => reportMessage(await usage.keyHourly(requirePrincipal(ctx), req.key_id, req)),
    getApiKeyUsageEndpoints: async (req, ctx) =>
      reportMessage(await usage.keyEndpoints(requirePrincipal(ctx), req.key_id, req)),
  };
}
