// The offline writer: native sentences in every language (no English word left, every name a word of
// its own), tiers that differ in depth and length, and the statement rewrite.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { LANGUAGES, TIER_SPECS, type Language } from '../src/domain/catalog.ts';
import type { Fact } from '../src/domain/facts.ts';
import { composeAnswer, composeParagraphs, factsForTier, renderFact } from '../src/domain/offline-writer.ts';
import { KARAKA_ROLES, PLANETS, SIGNS, YOGAS } from '../src/domain/offline-vocab.ts';
import { buildMessages } from '../src/domain/prompt.ts';
import { rewriteStatement } from '../src/domain/statement-rewrite.ts';

/** One fact of every kind, every optional part present (the hardest case for spacing). */
const EVERY_KIND: Fact[] = [
  { kind: 'intro', topic: 'theme', theme: 'spouse' },
  { kind: 'intro', topic: 'dasha', date: '2024-03-01T00:00:00+05:30' },
  { kind: 'intro', topic: 'chart_reading' },
  { kind: 'intro', topic: 'muhurta' },
  { kind: 'intro', topic: 'natal' },
  { kind: 'intro', topic: 'relationship' },
  { kind: 'intro', topic: 'forecast' },
  { kind: 'placement', planet: 'jupiter', sign: 'cancer', house: 5, retrograde: true },
  { kind: 'placement', planet: 'venus', sign: 'libra', house: 7, retrograde: false, owner: 'composite' },
  { kind: 'placement', planet: 'mars', sign: 'aries', house: 4, retrograde: false, owner: 'A→B' },
  { kind: 'placement', planet: 'saturn', sign: 'pisces', house: 12, retrograde: true, owner: 'transit' },
  { kind: 'dignity', planet: 'jupiter', dignity: 'exalted' },
  { kind: 'dignity', planet: 'moon', dignity: 'debilitated' },
  { kind: 'dignity', planet: 'sun', dignity: 'own_sign' },
  { kind: 'house', house: 7, sign: 'libra', lord: 'venus', lord_house: 3, occupants: ['mars', 'saturn'] },
  { kind: 'dasha', level: 'maha', lord: 'saturn', starts_at: '2020-01-01T00:00:00Z', ends_at: '2039-01-01T00:00:00Z' },
  {
    kind: 'dasha',
    level: 'antar',
    lord: 'mercury',
    starts_at: '2022-01-01T00:00:00Z',
    ends_at: '2024-09-01T00:00:00Z',
  },
  {
    kind: 'dasha',
    level: 'pratyantar',
    lord: 'ketu',
    starts_at: '2024-01-01T00:00:00Z',
    ends_at: '2024-02-01T00:00:00Z',
  },
  { kind: 'contact', a: 'saturn', b: 'moon', aspect: 'square', orb: 1.234, transit: true },
  { kind: 'contact', a: 'venus', b: 'mars', aspect: 'trine', orb: 0.5, transit: false },
  { kind: 'muhurta', rank: 1, at: '2024-05-01T06:00:00+05:30', tara: 'parama_mitra', weekday_lord: 'mars', score: 4 },
  { kind: 'karaka', role: 'Atmakaraka', planet: 'sun' },
  { kind: 'karaka', role: 'Darakaraka', planet: 'venus' },
  { kind: 'yoga', name: 'gajakesari_yoga', planets: ['jupiter', 'moon'] },
  { kind: 'yoga', name: 'budha_aditya_yoga', planets: ['sun', 'mercury'] },
  { kind: 'element', element: 'fire', share: 0.4 },
  { kind: 'profection', age: 33, house: 10, sign: 'capricorn', time_lord: 'saturn' },
  { kind: 'window', starts_at: '2024-01-01T00:00:00Z', ends_at: '2024-12-31T00:00:00Z' },
  { kind: 'probability', theme: 'spouse', value: 0.634 },
  { kind: 'essential', planet: 'venus', theme: 'spouse' },
  { kind: 'meta_factor', planet: 'mars', appearances: 4 },
];

const NON_ENGLISH = LANGUAGES.filter((l) => l !== 'en' && l !== 'es');
/** Digits may carry an ordinal suffix written onto them in these scripts (5వ, 5ನೇ, 5-ാം). */
const ORDINAL: Partial<Record<Language, RegExp>> = { te: /^వ/, kn: /^ನೇ/, ml: /^-ാം/ };
const BOUNDARY = /^$|^[\s,.;:()।-]/;

describe('offline writer: languages', () => {
  it('English: one sentence per fact, as written', () => {
    const pick = (k: Fact['kind']) => EVERY_KIND.filter((f) => f.kind === k).slice(0, 1);
    assert.equal(renderFact(pick('placement')[0]!, 'en'), 'Jupiter is in Cancer, house 5, retrograde.');
    assert.equal(
      renderFact(EVERY_KIND[14]!, 'en'),
      'House 7 falls in Libra; its lord Venus sits in house 3, and it holds Mars, Saturn.',
    );
    assert.equal(
      renderFact(EVERY_KIND[18]!, 'en'),
      'Saturn in transit forms a square with the Moon in the natal chart (orb 1.2°).',
    );
    assert.equal(
      renderFact(EVERY_KIND[0]!, 'en'),
      'This reading is drawn from the calculated chart data for the theme spouse.',
    );
    assert.equal(
      renderFact(EVERY_KIND[20]!, 'en'),
      'Candidate 1: 2024-05-01 06:00 (+05:30), tara Parama Mitra, day lord Mars, score 4.',
    );
  });

  for (const lang of NON_ENGLISH) {
    it(`${lang}: no Latin-script word in any sentence`, () => {
      for (const f of EVERY_KIND) {
        const text = renderFact(f, lang);
        assert.doesNotMatch(text, /[A-Za-z]{2,}/, `${f.kind}: ${text}`);
      }
    });

    it(`${lang}: every planet and sign name stands apart from its neighbours`, () => {
      const names = [...Object.values(PLANETS), ...Object.values(SIGNS)].map((r) => r[lang]);
      // Compound terms that contain a name by sandhi (बुधादित्य holds बुध) are words of their own.
      const compounds = [...Object.values(YOGAS), ...Object.values(KARAKA_ROLES)].map((r) => r[lang]);
      for (const f of EVERY_KIND) {
        const text = renderFact(f, lang);
        for (const name of names) {
          for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
            const before = text.slice(Math.max(0, i - 1), i);
            const after = text.slice(i + name.length, i + name.length + 1);
            // A longer name that starts with this one (चंद्र in चंद्र-मंगल) is checked as itself.
            if (names.some((n) => n !== name && n.startsWith(name) && text.startsWith(n, i))) continue;
            if (compounds.some((c) => c.includes(name) && text.includes(c))) continue;
            assert.match(before, BOUNDARY, `"${name}" glued after "${before}" in: ${text}`);
            assert.match(after, BOUNDARY, `"${name}" glued to "${after}" in: ${text}`);
          }
        }
      }
    });

    it(`${lang}: numbers stand apart (only the script's ordinal suffix may follow)`, () => {
      for (const f of EVERY_KIND) {
        const text = renderFact(f, lang);
        for (const m of text.matchAll(/\d+(?:[.:-]\d+)*/g)) {
          const before = text.slice(Math.max(0, m.index! - 1), m.index!);
          const rest = text.slice(m.index! + m[0].length);
          assert.match(before, /^$|^[\s(+-]/, `number glued after "${before}" in: ${text}`);
          const ok = /^$|^[\s,.;:)।%°]/.test(rest) || (ORDINAL[lang]?.test(rest) ?? false);
          assert.ok(ok, `number glued to "${rest.slice(0, 3)}" in: ${text}`);
        }
      }
    });
  }

  it('a theme outside English is named by its house and karaka in the script (no English theme id)', () => {
    const text = renderFact({ kind: 'probability', theme: 'spouse', value: 0.5 }, 'hi');
    assert.equal(text, 'इस विषय (भाव 7, कारक शुक्र) की गणना की गई संभावना 50% है।');
    assert.doesNotMatch(renderFact({ kind: 'probability', theme: 'spouse', value: 0.5 }, 'es'), /spouse/);
  });

  it('the conditional parts appear only when the fact has them, with their own spacing', () => {
    assert.equal(
      renderFact({ kind: 'placement', planet: 'sun', sign: 'taurus', house: 10, retrograde: false }, 'hi'),
      'सूर्य वृषभ राशि में है, भाव 10।',
    );
    assert.equal(
      renderFact({ kind: 'placement', planet: 'sun', sign: 'taurus', house: null, retrograde: true }, 'hi'),
      'सूर्य वृषभ राशि में है, वक्री।',
    );
    // The bug this replaces: "इसका स्वामी शुक्रभाव 3 में" (lord and house glued).
    assert.equal(
      renderFact({ kind: 'house', house: 7, sign: 'libra', lord: 'venus', lord_house: 3, occupants: [] }, 'hi'),
      'भाव 7 तुला राशि में है; इसका स्वामी शुक्र है, जो भाव 3 में स्थित है।',
    );
  });
});

describe('offline writer: tiers', () => {
  const facts: Fact[] = [
    { kind: 'intro', topic: 'natal' },
    ...Array.from({ length: 6 }, (_, i): Fact => ({
      kind: 'placement',
      planet: 'sun',
      sign: 'aries',
      house: i + 1,
      retrograde: false,
    })),
    ...Array.from({ length: 14 }, (_, i): Fact => ({
      kind: 'placement',
      planet: 'moon',
      sign: 'leo',
      house: (i % 12) + 1,
      retrograde: false,
      depth: 2,
    })),
    ...Array.from({ length: 20 }, (_, i): Fact => ({
      kind: 'contact',
      a: 'mars',
      b: 'venus',
      aspect: 'trine',
      orb: i / 10,
      transit: false,
      depth: 3,
    })),
  ];
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

  it('basic states the headline facts, standard adds depth 2, premium every fact', () => {
    assert.equal(factsForTier(facts, 'basic').length, 7);
    assert.equal(factsForTier(facts, 'standard').length, 21);
    assert.equal(factsForTier(facts, 'premium').length, 41);
  });

  it('paragraph counts fall in each tier range and the text grows basic < standard < premium', () => {
    const p = { basic: 0, standard: 0, premium: 0 };
    const w = { basic: 0, standard: 0, premium: 0 };
    for (const tier of ['basic', 'standard', 'premium'] as const) {
      const paragraphs = composeParagraphs(facts, 'en', tier);
      p[tier] = paragraphs.length;
      w[tier] = words(composeAnswer(facts, 'en', tier));
      assert.ok(paragraphs.length >= TIER_SPECS[tier].minParagraphs, `${tier}: ${paragraphs.length}`);
      assert.ok(paragraphs.length <= TIER_SPECS[tier].maxParagraphs, `${tier}: ${paragraphs.length}`);
    }
    assert.ok(w.basic < w.standard && w.standard < w.premium, JSON.stringify(w));
  });

  it('a configured model is told the same depth: basic 1, standard 2, premium 3', () => {
    for (const [tier, depth] of [
      ['basic', 1],
      ['standard', 2],
      ['premium', 3],
    ] as const) {
      const system = buildMessages('natal', { highlights: facts }, 'en', tier)[0]!.content;
      assert.match(system, new RegExp(`"depth" is at most ${depth} `));
    }
  });

  it('never pads: fewer facts than paragraphs gives one paragraph per fact', () => {
    assert.equal(composeParagraphs(facts.slice(0, 2), 'en', 'premium').length, 2);
  });

  it('each tier text is the previous tier text plus more (same sentences, never different facts)', () => {
    const sentences = (t: string) => new Set(t.split(/(?<=\.)\s+/));
    const basic = sentences(composeAnswer(facts, 'en', 'basic'));
    const premium = sentences(composeAnswer(facts, 'en', 'premium'));
    for (const s of basic) assert.ok(premium.has(s), s);
  });
});

describe('offline writer: statement rewrite', () => {
  const statements = [
    'Drive is a dependable strength, supported by Mars.',
    'Empathy is present but uneven; deliberate practice will make it reliable (Moon).',
    'Analytical thinking grows with structure: set small, regular goals for it (Mercury).',
  ];
  const tones = ['corporate', 'coach', 'plain', 'vedic_traditional'];
  const contentWords = (s: string) => s.toLowerCase().match(/[a-z]+/g) ?? [];

  it('every tone changes the text, and the tones differ from each other', () => {
    for (const s of statements) {
      const out = tones.map((t) => rewriteStatement(s, t));
      for (const o of out) assert.notEqual(o, s);
      assert.equal(new Set(out).size, tones.length);
    }
  });

  it('keeps every word of the statement (no fact lost) and is deterministic', () => {
    for (const s of statements)
      for (const t of tones) {
        const o = rewriteStatement(s, t);
        const have = new Set(contentWords(o));
        for (const w of contentWords(s)) assert.ok(have.has(w), `${t} lost "${w}": ${o}`);
        assert.equal(rewriteStatement(s, t), o);
      }
  });

  it('vedic_traditional names the graha in Sanskrit beside the English name', () => {
    assert.match(rewriteStatement(statements[1]!, 'vedic_traditional'), /Chandra \(Moon\)/);
  });
});
