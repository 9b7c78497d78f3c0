// Cache key: SHA-256 over the fields the spec names (tenant, chart, type, theme for the theme type,
// language, tier, the request parameters that apply) and a schema version, so that changing how the
// context or prompt is built makes every older row ineligible.
import { createHash } from 'node:crypto';

// v2: contexts llm-context-v2 (facts with tier depth, topic intros) and the offline writer's native
// templates: rows written before are never replayed.
export const CACHE_SCHEMA_VERSION = 'llm-cache-v2';

export interface CacheKeyInput {
  tenantId: string;
  chartId: string;
  interpretationType: string;
  theme: string | null;
  language: string;
  tier: string;
  /** Test keys' rows (offline writer) are never served to live keys, nor the other way round. */
  testMode?: boolean;
  /** Only the parameters that apply to the type, already normalised (absent ones omitted). */
  params: Record<string, string | number>;
}

export function cacheKey(k: CacheKeyInput): string {
  const params = Object.fromEntries(Object.entries(k.params).sort(([a], [b]) => a.localeCompare(b)));
  const text = JSON.stringify([
    CACHE_SCHEMA_VERSION,
    k.tenantId,
    k.chartId,
    k.interpretationType,
    k.interpretationType === 'theme' ? k.theme : null,
    k.language,
    k.tier,
    params,
    // Appended only for test keys, so every live key computed before test keys existed still matches.
    ...(k.testMode ? ['test'] : []),
  ]);
  return createHash('sha256').update(text).digest('hex');
}
