// Stored rows -> response messages (spec "LLM interpretation response", "Stored interpretation row",
// "Events").
import type {
  LlmInterpretation,
  LlmStreamEvent,
  StoredInterpretation,
  WesternLlmInterpretation,
} from '@astro/protos/astro/llm/v1/llm';
import type { InterpretationRow } from '../store/interpretation-store.ts';

export function toInterpretation(row: InterpretationRow, cached: boolean): LlmInterpretation {
  return {
    interpretation_type: row.interpretation_type,
    language: row.language,
    tier: row.tier,
    content: row.content,
    engine_context: row.engine_context,
    input_tokens: row.input_tokens,
    output_tokens: row.output_tokens,
    latency_ms: row.latency_ms,
    cost_usd: row.cost_usd,
    interpretation_id: row.id,
    cached,
  };
}

export function toWesternInterpretation(row: InterpretationRow, cached: boolean): WesternLlmInterpretation {
  const g = (row.grounding ?? {}) as {
    features_used?: { name: string; kind: string }[];
    sources?: { name: string; kind: string }[];
  };
  const features = g.features_used ?? [];
  const sources = g.sources ?? [];
  return {
    ...toInterpretation(row, cached),
    grounding: { interpretation_type: row.interpretation_type, features_used: features, sources },
    features_used: features,
    sources,
  };
}

export function toStored(row: InterpretationRow): StoredInterpretation {
  const rp = row.request_params ?? {};
  return {
    id: row.id,
    chart_id: row.chart_id,
    interpretation_type: row.interpretation_type,
    theme: row.theme ?? undefined,
    language: row.language,
    tier: row.tier,
    content: row.content,
    engine_context: row.engine_context,
    request_params: {
      at: rp.at,
      window_start: rp.window_start,
      window_end: rp.window_end,
      interval_minutes: rp.interval_minutes,
      top_n: rp.top_n,
      chart_b_id: rp.chart_b_id,
    },
    input_tokens: row.input_tokens,
    output_tokens: row.output_tokens,
    latency_ms: row.latency_ms,
    cost_usd: row.cost_usd,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export const metaEvent = (
  row: { interpretation_type: string; language: string; tier: string },
  context: Record<string, unknown>,
): LlmStreamEvent => ({
  event: 'meta',
  data: {
    kind: 'meta',
    interpretation_type: row.interpretation_type,
    language: row.language,
    tier: row.tier,
    engine_context: context,
  },
});

export const deltaEvent = (content: string): LlmStreamEvent => ({ event: 'delta', data: { kind: 'delta', content } });

export const doneEvent = (row: InterpretationRow, cached: boolean): LlmStreamEvent => ({
  event: 'done',
  data: {
    kind: 'done',
    input_tokens: row.input_tokens,
    output_tokens: row.output_tokens,
    latency_ms: row.latency_ms,
    cost_usd: row.cost_usd,
    interpretation_id: row.id,
    cached,
  },
});
