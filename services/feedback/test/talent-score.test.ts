// Talent scoring against hand-worked charts: every expected value below is added up by hand from the
// rule table in src/domain/talent/ontology.ts (weights) and the classical facts it cites (exaltation
// signs after BPHS ch. 3: Sun Aries, Mercury Virgo, Venus Pisces, Mars Capricorn, Saturn Libra;
// rulership: Jupiter owns Sagittarius; whole-sign houses from the ascendant sign).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SKILL_IDS } from '../src/domain/talent/ontology.ts';
import { scoreTalents } from '../src/domain/talent/score.ts';
import { LOCALES, resolveLocale, sentenceFor } from '../src/domain/talent/sentences.ts';

const pos = (planet: string, sign: string, is_retrograde = false) => ({ planet, sign, is_retrograde });
// Ascendant Aries: Sun h1, Moon Leo h5, Mercury Virgo h6, Venus Pisces h12, Mars Capricorn h10,
// Jupiter Sagittarius h9, Saturn Libra h7.
const CHART = {
  planets: [
    pos('sun', 'aries'),
    pos('moon', 'leo'),
    pos('mercury', 'virgo'),
    pos('venus', 'pisces'),
    pos('mars', 'capricorn'),
    pos('jupiter', 'sagittarius'),
    pos('saturn', 'libra'),
    pos('rahu', 'gemini', true),
    pos('ketu', 'sagittarius', true),
    pos('ascendant', 'aries'),
    pos('midheaven', 'capricorn'),
  ],
};

const byId = (skill: string) => scoreTalents(CHART).find((s) => s.skill_id === skill)!;

describe('talent ontology on a hand-worked chart', () => {
  it('ten talents, drive and endurance among them, each 0-1 with a level', () => {
    const s = scoreTalents(CHART);
    assert.deepEqual(
      s.map((x) => x.skill_id),
      [...SKILL_IDS],
    );
    assert.ok(SKILL_IDS.includes('drive') && SKILL_IDS.includes('endurance'));
    for (const x of s) assert.ok(x.value >= 0 && x.value <= 1);
  });

  it('drive: Mars exalted and angular, Sun exalted, 3rd lord Mercury in the 6th, fire emphasis', () => {
    // 0.5 + 0.25 + 0.1 + 0.1 - 0.1 + 0.1 (Sun, Moon, Jupiter in fire) + 0.05 (Aries rising) = 1.0
    const d = byId('drive');
    assert.equal(d.value, 1);
    assert.equal(d.level, 'very_high');
    assert.equal(d.lead_planet, 'mars');
    assert.deepEqual(d.contributing_rules, [
      'drive.primary_exalted',
      'drive.primary_angular',
      'drive.secondary_dignified',
      'drive.house_lord_dusthana',
      'drive.element_emphasis',
      'drive.ascendant_element',
    ]);
  });

  it('endurance is clamped at 1 (0.5 + 0.25 + 0.1 + 0.1 + 0.1 = 1.05)', () => {
    const e = byId('endurance');
    assert.equal(e.value, 1);
    assert.deepEqual(e.contributing_rules, [
      'endurance.primary_exalted',
      'endurance.primary_angular',
      'endurance.secondary_dignified',
      'endurance.house_lord_well_placed',
    ]);
  });

  it('empathy: Moon in the 5th (trine), Venus exalted, 4th lord Moon well placed = 0.8', () => {
    const e = byId('empathy');
    assert.equal(e.value, 0.8);
    assert.equal(e.level, 'very_high');
    assert.equal(e.lead_planet, 'moon'); // Venus exalted but in the 12th: equal strength, primary leads
  });

  it('communication: Mercury exalted but in the 6th, its own 3rd-lordship in the 6th = 0.65', () => {
    const c = byId('communication');
    assert.equal(c.value, 0.65);
    assert.equal(c.level, 'high');
  });

  it('debilitation and retrogression subtract', () => {
    // Same chart with Mars in Cancer (debilitated, 4th house: angular) and retrograde:
    // 0.5 - 0.25 + 0.1 - 0.05 + 0.1 (Sun) - 0.1 (Mercury in 6th) + 0.1 (fire 3) + 0.05 = 0.45
    const chart = { planets: CHART.planets.map((p) => (p.planet === 'mars' ? pos('mars', 'cancer', true) : p)) };
    const d = scoreTalents(chart).find((s) => s.skill_id === 'drive')!;
    assert.equal(d.value, 0.45);
    assert.equal(d.level, 'moderate');
    assert.equal(d.lead_planet, 'sun'); // Sun exalted in the 1st is stronger than a debilitated Mars
    assert.ok(d.contributing_rules.includes('drive.primary_debilitated'));
    assert.ok(d.contributing_rules.includes('drive.primary_retrograde'));
  });
});

describe('evidence sentences', () => {
  it('one sentence per fired rule in every locale; the same rules and weights whatever the locale', () => {
    for (const s of scoreTalents(CHART))
      for (const f of s.fired)
        for (const l of LOCALES) {
          const text = sentenceFor(f, s.skill_id, l);
          assert.ok(text.length > 10 && !text.includes('{'), `${l} ${f.rule_id}: ${text}`);
        }
    const d = byId('drive');
    assert.match(
      sentenceFor(d.fired[0]!, 'drive', 'en'),
      /^Mars, the main significator of drive, is exalted in Capricorn\.$/,
    );
    assert.match(sentenceFor(d.fired[0]!, 'drive', 'ru'), /Марс.*Козерог/);
    assert.match(sentenceFor(d.fired[0]!, 'drive', 'es'), /Marte.*Capricornio/);
    assert.match(sentenceFor(d.fired[0]!, 'drive', 'pt-BR'), /Marte.*Capricórnio/);
  });

  it('locale resolution: exact, by language, English otherwise', () => {
    assert.equal(resolveLocale(undefined), 'en');
    assert.equal(resolveLocale('pt-br'), 'pt-BR');
    assert.equal(resolveLocale('pt'), 'pt-BR');
    assert.equal(resolveLocale('es-MX'), 'es');
    assert.equal(resolveLocale('ru'), 'ru');
    assert.equal(resolveLocale('de'), 'en');
    assert.equal(resolveLocale('zz-Latn'), 'en');
  });
});
