// Template catalog and selection (spec "Template interpretations" rules 1-4) and the accuracy
// arithmetic of "Feedback entry": (correct + 0.5 x doubtful) / sample_size.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { accuracyOf, isSuppressed } from '../src/domain/feedback/accuracy.ts';
import { SKILL_IDS } from '../src/domain/talent/ontology.ts';
import { bandContains, TEMPLATES, templateById } from '../src/domain/templates/catalog.ts';
import { localeMatches, renderBody, selectTemplate } from '../src/domain/templates/select.ts';

const CHART = '0190a3c2-0000-7000-8000-000000000001';
const none = new Set<string>();
const pick = (
  score: number,
  opts: { chart?: string; skill?: string; locale?: string; suppressed?: Set<string> } = {},
) =>
  selectTemplate({
    chartId: opts.chart ?? CHART,
    skillId: opts.skill ?? 'drive',
    score,
    locale: opts.locale ?? 'en',
    suppressed: opts.suppressed ?? none,
  });

describe('template catalog', () => {
  it('stable, unique ids; English; every talent has strength, recommendation and risk templates', () => {
    assert.equal(new Set(TEMPLATES.map((t) => t.id)).size, TEMPLATES.length);
    for (const skill of SKILL_IDS)
      for (const kind of ['strength', 'recommendation', 'risk'])
        assert.ok(
          TEMPLATES.some((t) => t.skill_id === skill && t.kind === kind),
          `${skill} ${kind}`,
        );
    for (const t of TEMPLATES) {
      assert.equal(t.locale, 'en');
      assert.match(t.id, /^tpl\.[a-z]+\.(strength|recommendation|risk)\.[a-z]+\.v\d+$/);
      assert.ok(!t.body.includes('\n'));
    }
    assert.equal(templateById('tpl.drive.strength.solid.v1')?.kind, 'strength');
  });

  it('bands agree with the kind thresholds: strength from 0.6, recommendation from 0.4, risk below', () => {
    for (const t of TEMPLATES) {
      if (t.kind === 'strength') assert.ok(t.band.min >= 0.6);
      if (t.kind === 'recommendation') assert.ok(t.band.min >= 0.4 && t.band.max <= 0.6);
      if (t.kind === 'risk') assert.ok(t.band.max <= 0.4);
    }
    assert.ok(bandContains({ min: 0.8, max: 1 }, 1));
    assert.ok(!bandContains({ min: 0.6, max: 0.8 }, 0.8));
  });
});

describe('template selection', () => {
  it('kind follows the score at the boundaries', () => {
    assert.equal(pick(0.6)!.kind, 'strength');
    assert.equal(pick(0.5999)!.kind, 'recommendation');
    assert.equal(pick(0.4)!.kind, 'recommendation');
    assert.equal(pick(0.3999)!.kind, 'risk');
    assert.equal(pick(0)!.kind, 'risk');
    assert.equal(pick(1)!.kind, 'strength');
  });

  it('every score 0..1 finds a template of its kind, inside its band', () => {
    for (let i = 0; i <= 1000; i++) {
      const score = i / 1000;
      const t = pick(score, { skill: SKILL_IDS[i % 10] })!;
      assert.equal(t.kind, score >= 0.6 ? 'strength' : score >= 0.4 ? 'recommendation' : 'risk');
      assert.ok(bandContains(t.band, score));
    }
  });

  it('among several matches the choice is deterministic in (chart_id, skill_id) and uses both', () => {
    // 0.7 matches tpl.drive.strength.solid and tpl.drive.strength.general.
    assert.equal(pick(0.7)!.id, pick(0.7)!.id);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add(pick(0.7, { chart: `chart-${i}` })!.id);
    assert.deepEqual([...seen].sort(), ['tpl.drive.strength.general.v1', 'tpl.drive.strength.solid.v1']);
    // The skill enters the choice too: not every chart reads the same shape for every talent.
    const shapes = SKILL_IDS.map((s) => pick(0.7, { skill: s })!.id.split('.')[3]);
    assert.ok(new Set(shapes).size === 2);
  });

  it('suppressed templates are skipped; with none left in the band the talent is omitted', () => {
    const solid = 'tpl.drive.strength.solid.v1';
    const general = 'tpl.drive.strength.general.v1';
    assert.equal(pick(0.7, { suppressed: new Set([solid]) })!.id, general);
    assert.equal(pick(0.7, { suppressed: new Set([general]) })!.id, solid);
    // A 0.7 is in no recommendation or risk band: nothing else is tried successfully.
    assert.equal(pick(0.7, { suppressed: new Set([solid, general]) }), undefined);
  });

  it('only templates of a matching language are eligible (the catalog is English)', () => {
    assert.ok(pick(0.5, { locale: 'en-GB' }));
    assert.equal(pick(0.5, { locale: 'ru' }), undefined);
    assert.ok(localeMatches('en', 'EN-us'));
    assert.ok(!localeMatches('en', 'es'));
  });

  it('the body names the lead planet', () => {
    assert.equal(
      renderBody(templateById('tpl.drive.strength.solid.v1')!, 'mars'),
      'Drive is a dependable strength, supported by Mars.',
    );
  });
});

describe('template accuracy arithmetic', () => {
  it('(correct + 0.5 x doubtful) / sample_size', () => {
    assert.deepEqual(accuracyOf({ correct: 3, doubtful: 2, wrong: 1 }), { sample_size: 6, accuracy: 4 / 6 });
    assert.deepEqual(accuracyOf({ correct: 0, doubtful: 1, wrong: 1 }), { sample_size: 2, accuracy: 0.25 });
    assert.deepEqual(accuracyOf({ correct: 2, doubtful: 0, wrong: 0 }), { sample_size: 2, accuracy: 1 });
    assert.deepEqual(accuracyOf({ correct: 0, doubtful: 0, wrong: 0 }), { sample_size: 0, accuracy: 0 });
  });

  it('suppression below the threshold once enough verdicts exist', () => {
    const p = { threshold: 0.4, minSamples: 1 };
    assert.ok(isSuppressed(2, 0.25, p));
    assert.ok(!isSuppressed(2, 0.4, p)); // 0.4 itself is not below 0.4
    assert.ok(!isSuppressed(0, 0, p)); // no feedback, no verdict
    assert.ok(!isSuppressed(2, 0.25, { threshold: 0.4, minSamples: 5 }));
    assert.ok(isSuppressed(2, 0.5, { threshold: 0.6, minSamples: 1 }));
  });
});
