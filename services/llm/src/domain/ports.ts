// What the interpreter and the context builders need from storage (store/interpretation-store.ts on pg)
// and from the calculation services (clients/calc-sources.ts over gRPC); fakes in tests.
import type { Principal } from '@astro/platform';
import type { StoredChart } from '@astro/protos/astro/chart/v1/chart';
import type { GetVimshottariCurrentResponse } from '@astro/protos/astro/vedic/v1/dashas';
import type { JaiminiKarakasResponse } from '@astro/protos/astro/vedic/v1/jaimini';
import type { GetLegacyMuhurtaResponse } from '@astro/protos/astro/vedic/v1/muhurta';
import type { BucketConfig, TakeResult } from './token-bucket.ts';

export type { StoredChart };

export interface RequestParamsRow {
  at?: string;
  window_start?: string;
  window_end?: string;
  interval_minutes?: number;
  top_n?: number;
  chart_b_id?: string;
}

export interface InterpretationRow {
  id: string;
  tenant_id: string;
  chart_id: string;
  related_chart_id: string | null;
  interpretation_type: string;
  theme: string | null;
  language: string;
  tier: string;
  content: string;
  engine_context: Record<string, unknown>;
  grounding: Record<string, unknown> | null;
  request_params: RequestParamsRow;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  cost_usd: number;
  cache_key: string;
  created_at: Date;
}

/** A ledger row for a call that stores no interpretation (statement rewrites). */
export interface UsageRow {
  id: string;
  tenant_id: string;
  chart_id: string | null;
  interpretation_type: string;
  language: string;
  tier: string;
  input_tokens: number;
  output_tokens: number;
  cost_usd: number;
  created_at: Date;
}

export interface InterpretationStorePort {
  findCached(tenantId: string, cacheKey: string, since: Date): Promise<InterpretationRow | null>;
  insert(row: InterpretationRow): Promise<void>;
  insertUsage(u: UsageRow): Promise<void>;
  spendSince(
    tenantId: string,
    hourStart: Date,
    monthStart: Date,
  ): Promise<{ lastHourUsd: number; thisMonthUsd: number }>;
  takeToken(tenantId: string, tier: string, cfg: BucketConfig, now: Date): Promise<TakeResult>;
}

export interface MuhurtaWindow {
  window_start: string;
  window_end: string;
  interval_minutes: number;
  top_n: number;
}

/** The ports the context builders use (tests can stand in for them). */
export interface CalcSources {
  readChart(p: Principal, chartId: string, system: 'vedic' | 'western'): Promise<StoredChart>;
  vimshottariCurrent(p: Principal, chartId: string, at: string): Promise<GetVimshottariCurrentResponse>;
  jaiminiKarakas(p: Principal, chartId: string): Promise<JaiminiKarakasResponse>;
  muhurtaCandidates(p: Principal, chartId: string, w: MuhurtaWindow): Promise<GetLegacyMuhurtaResponse>;
  /** vedic-calc's probability engine (JSON as its public routes answer it). */
  completeFactor(p: Principal, chartId: string, theme: string, at?: string): Promise<Record<string, any>>;
  metaFactors(p: Principal, chartId: string): Promise<Record<string, any>>;
  periodModifiers(p: Principal, chartId: string, at: string): Promise<Record<string, any>>;
  transitModifiers(p: Principal, chartId: string, at: string): Promise<Record<string, any>>;
  /** western-calc's natal grounding: summary, aspects, dignities, houses, dispositors, patterns. */
  westernNatal(p: Principal, chartId: string): Promise<Record<string, any>>;
  /** western-calc's predictive grounding of a window: transit windows, profection, progressed lunation. */
  westernForecast(p: Principal, chartId: string, startsAt: string, endsAt: string): Promise<Record<string, any>>;
}
