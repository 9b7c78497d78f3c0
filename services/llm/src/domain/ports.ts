// What the interpreter needs from storage (store/interpretation-store.ts on pg; fakes in tests).
import type { BucketConfig, TakeResult } from './token-bucket.ts';

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
