// POST /v1/interpretations with use_llm_rewrite: llm_rewritten reports what happened (spec
// 1-platform.md "Template interpretations" rule 6), never merely what was asked.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Principal } from '@astro/platform';
import { SKILL_IDS } from '../src/domain/talent/ontology.ts';
import type { RewriteRequest, Rewriter } from '../src/clients/llm-rewriter.ts';
import { InterpretationUseCases } from '../src/domain/use-cases/interpretations.ts';

const principal: Principal = {
  kind: 'api_key',
  tenant_id: '01a1ff9d-fec5-759c-a285-fdd958c8fc68',
  user_id: '',
  key_id: 'k',
  scopes: ['interpretations:write'],
  plan_tier: 'pro',
};
const chartId = '01a1ff9d-fec5-759c-a285-fdd958c8fc69';

function useCases(rewriter: Rewriter) {
  const stored: { llm_rewritten: boolean }[] = [];
  const talents = {
    scores: async () =>
      SKILL_IDS.map((skill_id) => ({ skill_id, value: 0.7, lead_planet: 'mars', contributing_rules: ['r1'] })),
  };
  const store = {
    accuracies: async () => [],
    insertInterpretation: async (row: { llm_rewritten: boolean }) => {
      stored.push(row);
    },
  };
  const uc = new InterpretationUseCases(talents as any, store as any, rewriter, { threshold: 0.4, minSamples: 10 });
  return { uc, stored };
}

describe('use_llm_rewrite: llm_rewritten', () => {
  it('a rewriter that answers the template text back: llm_rewritten false, bodies unchanged', async () => {
    const { uc, stored } = useCases({ rewrite: async (r: RewriteRequest) => r.items.map((i) => ({ ...i })) });
    const plain = await useCases({ rewrite: async () => [] }).uc.create(principal, { chart_id: chartId });
    const out = await uc.create(principal, { chart_id: chartId, use_llm_rewrite: true, tone: 'coach' });
    assert.equal(out.llm_rewritten, false);
    assert.equal(stored[0]!.llm_rewritten, false);
    assert.deepEqual(
      out.statements.map((s) => s.body),
      plain.statements.map((s) => s.body),
    );
  });

  it('a rewriter that changes the statements: llm_rewritten true and the new bodies stored', async () => {
    const { uc, stored } = useCases({
      rewrite: async (r: RewriteRequest) => r.items.map((i) => ({ ...i, text: `In short: ${i.text}` })),
    });
    const out = await uc.create(principal, { chart_id: chartId, use_llm_rewrite: true, tone: 'plain' });
    assert.equal(out.llm_rewritten, true);
    assert.equal(stored[0]!.llm_rewritten, true);
    assert.ok(out.statements.every((s) => s.body.startsWith('In short: ')));
  });

  it('without use_llm_rewrite: false and the rewriter is never called', async () => {
    let calls = 0;
    const { uc } = useCases({
      rewrite: async () => {
        calls++;
        return [];
      },
    });
    const out = await uc.create(principal, { chart_id: chartId });
    assert.equal(out.llm_rewritten, false);
    assert.equal(calls, 0);
  });
});
