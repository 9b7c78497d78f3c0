// Talent profile: read the chart, score it (pure), store the skill profile, render the evidence in
// the requested locale. Scores are computed before any locale is looked at.
import type { TalentProfile, TalentScore } from '@astro/protos/astro/feedback/v1/feedback';
import { uuidv7 } from '@astro/platform';
import type { ChartReader, StoredChart } from '../ports.ts';
import { TALENT_METHOD_VERSION, type SkillId } from '../talent/ontology.ts';
import { scoreTalents, type TalentResult } from '../talent/score.ts';
import { resolveLocale, sentenceFor, type Locale } from '../talent/sentences.ts';
import type { FeedbackStorePort as FeedbackStore } from '../ports.ts';

export function talentScoresOf(stored: StoredChart): TalentResult[] {
  return scoreTalents({ planets: stored.chart?.planets ?? [] });
}

export function scoreView(r: TalentResult, locale: Locale): TalentScore {
  return {
    skill_id: r.skill_id,
    value: r.value,
    level: r.level,
    lead_planet: r.lead_planet,
    contributing_rules: r.contributing_rules,
    evidence: r.fired.map((f) => ({
      rule_id: f.rule_id,
      sentence: sentenceFor(f, r.skill_id as SkillId, locale),
      weight: f.weight,
    })),
  };
}

export class TalentUseCases {
  constructor(
    private readonly charts: ChartReader,
    private readonly store: FeedbackStore,
  ) {}

  /** Scores of a chart of the tenant, stored as its skill profile (one row per chart, replaced). */
  async scores(tenantId: string, chartId: string): Promise<TalentResult[]> {
    const stored = await this.charts.load(tenantId, chartId);
    const results = talentScoresOf(stored);
    await this.store.upsertProfile(uuidv7(), tenantId, chartId, TALENT_METHOD_VERSION, results);
    return results;
  }

  async profile(tenantId: string, chartId: string, rawLocale: string | undefined): Promise<TalentProfile> {
    const results = await this.scores(tenantId, chartId);
    const locale = resolveLocale(rawLocale);
    return {
      chart_id: chartId,
      locale,
      method_version: TALENT_METHOD_VERSION,
      scores: results.map((r) => scoreView(r, locale)),
    };
  }
}
