// gRPC handlers of the feedback process: proto <-> use cases only.
import { DataErasureServiceService } from '@astro/protos/astro/erasure/v1/erasure';
import {
  FeedbackServiceService,
  InterpretationServiceService,
  ReportServiceService,
  TalentServiceService,
} from '@astro/protos/astro/feedback/v1/feedback';
import { requireCaller, requireTenant, requireTenantId, service, type Registration } from '@astro/platform';
import type { ErasureUseCases } from '../domain/use-cases/erasure.ts';
import type { FeedbackUseCases } from '../domain/use-cases/feedback.ts';
import type { InterpretationUseCases } from '../domain/use-cases/interpretations.ts';
import type { ReportUseCases } from '../domain/use-cases/reports.ts';
import type { TalentUseCases } from '../domain/use-cases/talent.ts';

export interface FeedbackDeps {
  talent: TalentUseCases;
  interpretations: InterpretationUseCases;
  feedback: FeedbackUseCases;
  reports: ReportUseCases;
  erasure: ErasureUseCases;
}

const principalOf = requireCaller;
const tenantOf = requireTenant;

export function feedbackRegistrations(d: FeedbackDeps): Registration[] {
  return [
    service('astro.feedback.v1.TalentService', TalentServiceService, {
      getTalentProfile: async (req, ctx) => d.talent.profile(tenantOf(ctx), req.chart_id, req.locale),
    }),
    service('astro.feedback.v1.InterpretationService', InterpretationServiceService, {
      createInterpretation: async (req, ctx) => d.interpretations.create(principalOf(ctx), req),
      getInterpretation: async (req, ctx) => d.interpretations.get(tenantOf(ctx), req.id),
    }),
    service('astro.feedback.v1.FeedbackService', FeedbackServiceService, {
      submitFeedback: async (req, ctx) => d.feedback.submit(tenantOf(ctx), req),
      getFeedback: async (req, ctx) => d.feedback.get(tenantOf(ctx), req.feedback_id),
      getTemplateAccuracy: async (req, ctx) => d.feedback.accuracy(tenantOf(ctx), req.template_id),
    }),
    service('astro.feedback.v1.ReportService', ReportServiceService, {
      createReport: async (req, ctx) => d.reports.create(tenantOf(ctx), req),
    }),
    // Internal: called by the chart service with the tenant in the request (no principal).
    service('astro.erasure.v1.DataErasureService', DataErasureServiceService, {
      erase: async (req) => {
        return d.erasure.erase(requireTenantId(req.tenant_id), req.chart_id || null);
      },
    }),
  ];
}
