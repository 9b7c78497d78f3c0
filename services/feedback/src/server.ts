// Wiring: stores, report files, chart reads and the llm rewriter -> use cases (domain) -> handlers -> gRPC
// services and bus subscriptions. No logic of its own; main.ts owns the process.
import type { EventBus, Registration } from '@astro/platform';
import type { SuppressionPolicy } from './domain/feedback/accuracy.ts';
import type { ChartReader, FeedbackStorePort, ReportFilesPort, Rewriter } from './domain/ports.ts';
import { ErasureUseCases } from './domain/use-cases/erasure.ts';
import { FeedbackUseCases } from './domain/use-cases/feedback.ts';
import { InterpretationUseCases } from './domain/use-cases/interpretations.ts';
import { ReportUseCases } from './domain/use-cases/reports.ts';
import { TalentUseCases } from './domain/use-cases/talent.ts';
import { subscribeAll } from './handlers/events.ts';
import { feedbackRegistrations } from './handlers/index.ts';

export interface FeedbackServerDeps {
  charts: ChartReader;
  rewriter: Rewriter;
  store: FeedbackStorePort;
  files: ReportFilesPort;
  policy: SuppressionPolicy;
}

export interface FeedbackServer {
  registrations: Registration[];
  /** The accuracy aggregator (feedback.submitted) and the erasure topics. */
  subscribe(bus: EventBus): Promise<void>;
}

export function buildFeedbackServer(d: FeedbackServerDeps): FeedbackServer {
  const talent = new TalentUseCases(d.charts, d.store);
  const interpretations = new InterpretationUseCases(talent, d.store, d.rewriter, d.policy);
  const feedback = new FeedbackUseCases(d.store, d.policy);
  const reports = new ReportUseCases(d.charts, d.store, interpretations, d.files);
  const erasure = new ErasureUseCases(d.store, d.files, feedback);
  return {
    registrations: feedbackRegistrations({ talent, interpretations, feedback, reports, erasure }),
    subscribe: (bus) => subscribeAll(bus, feedback, erasure),
  };
}
