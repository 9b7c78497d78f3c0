// The default fleet's writer (the offline writer: no provider configured) as a client meets it through
// the gateway: the three tiers really differ in length and depth (spec 3-western-llm.md "Tiers": basic
// 3-5 paragraphs, standard 6-10, premium 12-20; billed about 1x / 8x / 50x); every language is written
// natively (no English word, no glued words) and the response says which language it is; and
// use_llm_rewrite (spec 1-platform.md "Template interpretations" rule 6) really rewrites the
// statements, or says it did not.
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { api, BASE_URL, createKey, expectStatus, operator, signup } from './helpers/client.ts';
import { parseSse } from './helpers/sse.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };
const birthB = { moment: '1988-11-02T06:15:00+00:00', latitude: 51.5074, longitude: -0.1278 };
const SCOPES = ['charts:read', 'charts:write', 'interpretations:write', 'interpretations:read'];

interface Tenant {
  key: string;
  vedic: string;
  western: string;
  westernB: string;
}

async function tenant(): Promise<Tenant> {
  const u = await signup();
  await operator(['set-plan', u.email, 'pro']);
  const key = (await createKey(u.accessToken, SCOPES)).plaintext;
  const chart = async (body: unknown) => {
    const r = await api('POST', '/v1/charts', { token: key, body });
    expectStatus(r, 201);
    return r.json.id as string;
  };
  return {
    key,
    vedic: await chart({ birth }),
    western: await chart({ birth, system: 'western' }),
    westernB: await chart({ birth: birthB, system: 'western' }),
  };
}

const q = (params: Record<string, string | number | boolean | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const llm = (t: Tenant, path: string, params: Record<string, string | number | boolean | undefined>) =>
  api('POST', `${path}?${q({ ...params, fresh: true })}`, { token: t.key });
const western = (t: Tenant, kind: string, body: Record<string, unknown>) =>
  api('POST', `/v1/interpretations/${kind}`, { token: t.key, body: { ...body, fresh: true } });

const paragraphs = (s: string) => s.split(/\n\n/).filter((p) => p.trim()).length;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** Sentences end with a full stop or the danda (।) of Devanagari and Bengali. */
const sentences = (s: string) => s.split(/(?<=[.।])\s+/).filter(Boolean);

// The spec's tier ranges (3-western-llm.md): paragraphs per tier.
const RANGE = { basic: [3, 5], standard: [6, 10], premium: [12, 20] } as const;
const TIERS = ['basic', 'standard', 'premium'] as const;

describe('tiers differ as billed (offline writer)', () => {
  let t: Tenant;
  before(async () => {
    t = await tenant();
  });

  const cases: [string, (tier: string) => Promise<any>][] = [
    ['chart-reading', (tier) => llm(t, '/v1/llm/chart-reading', { chart_id: t.vedic, language: 'en', tier })],
    ['western natal', (tier) => western(t, 'natal', { chart_id: t.western, language: 'en', tier })],
    [
      'western relationship',
      (tier) => western(t, 'relationship', { chart_a_id: t.western, chart_b_id: t.westernB, language: 'en', tier }),
    ],
  ];

  for (const [name, call] of cases)
    it(`${name}: paragraphs within each tier's range, words and sentences grow, each tier keeps the previous one's facts`, async () => {
      const out: Record<string, any> = {};
      for (const tier of TIERS) {
        const r = await call(tier);
        expectStatus(r, 200);
        assert.equal(r.json.tier, tier);
        out[tier] = r.json;
        const n = paragraphs(r.json.content);
        assert.ok(n >= RANGE[tier][0] && n <= RANGE[tier][1], `${name} ${tier}: ${n} paragraphs`);
      }
      const [b, s, p] = TIERS.map((x) => out[x]);
      assert.ok(words(b.content) < words(s.content), `basic ${words(b.content)} < standard ${words(s.content)}`);
      assert.ok(words(s.content) < words(p.content), `standard ${words(s.content)} < premium ${words(p.content)}`);
      assert.ok(sentences(b.content).length < sentences(s.content).length);
      assert.ok(sentences(s.content).length < sentences(p.content).length);
      // Depth, not padding: every sentence of a shallower tier is in the deeper one (same facts, more of them).
      for (const [lo, hi] of [
        [b, s],
        [s, p],
      ]) {
        const deeper = new Set(sentences(hi.content));
        for (const x of sentences(lo.content)) assert.ok(deeper.has(x), `missing from the deeper tier: ${x}`);
      }
      // Billed on what was written: more output tokens, higher cost.
      assert.ok(b.output_tokens < s.output_tokens && s.output_tokens < p.output_tokens);
      assert.ok(b.cost_usd < s.cost_usd && s.cost_usd < p.cost_usd);
    });
});

// Planet names as each language writes the nine grahas (the usual Jyotisha names: e.g. Hindi सूर्य,
// चंद्र, मंगल, बुध, गुरु, शुक्र, शनि, राहु, केतु), and compound words that legitimately contain one
// (बुधादित्य, the Budha-Aditya yoga, holds बुध by sandhi).
const GRAHAS: Record<string, { names: string[]; compounds: string[] }> = {
  hi: { names: ['सूर्य', 'चंद्र', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि', 'राहु', 'केतु'], compounds: ['बुधादित्य'] },
  mr: { names: ['सूर्य', 'चंद्र', 'मंगळ', 'बुध', 'गुरू', 'शुक्र', 'शनी', 'राहू', 'केतू'], compounds: ['बुधादित्य'] },
  te: {
    names: ['సూర్యుడు', 'చంద్రుడు', 'కుజుడు', 'బుధుడు', 'గురువు', 'శుక్రుడు', 'శని', 'రాహువు', 'కేతువు'],
    compounds: [],
  },
  kn: { names: ['ಸೂರ್ಯ', 'ಚಂದ್ರ', 'ಮಂಗಳ', 'ಬುಧ', 'ಗುರು', 'ಶುಕ್ರ', 'ಶನಿ', 'ರಾಹು', 'ಕೇತು'], compounds: ['ಬುಧಾದಿತ್ಯ'] },
  bn: {
    names: ['সূর্য', 'চন্দ্র', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র', 'শনি', 'রাহু', 'কেতু'],
    compounds: ['বুধাদিত্য'],
  },
  gu: { names: ['સૂર્ય', 'ચંદ્ર', 'મંગળ', 'બુધ', 'ગુરુ', 'શુક્ર', 'શનિ', 'રાહુ', 'કેતુ'], compounds: ['બુધાદિત્ય'] },
  ta: {
    names: ['சூரியன்', 'சந்திரன்', 'செவ்வாய்', 'புதன்', 'குரு', 'சுக்கிரன்', 'சனி', 'ராகு', 'கேது'],
    compounds: [],
  },
  ml: {
    names: ['സൂര്യൻ', 'ചന്ദ്രൻ', 'ചൊവ്വ', 'ബുധൻ', 'വ്യാഴം', 'ശുക്രൻ', 'ശനി', 'രാഹു', 'കേതു'],
    compounds: [],
  },
};
// Unicode blocks (The Unicode Standard, code charts) of each language's script.
const SCRIPT: Record<string, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  kn: /[\u0C80-\u0CFF]/,
  ml: /[\u0D00-\u0D7F]/,
  bn: /[\u0980-\u09FF]/,
  gu: /[\u0A80-\u0AFF]/,
};
/** Ordinal suffixes written onto a number in Telugu (5వ) and Kannada (5ನೇ). */
const ORDINAL: Record<string, RegExp> = { te: /^వ/, kn: /^ನೇ/ };
const EDGE = /^$|^[\s,.;:()।-]/;

function checkNative(lang: string, what: string, text: string) {
  assert.match(text, SCRIPT[lang]!, `${lang} ${what}: not in its script`);
  // No English left: the only Latin letters allowed are the chart labels A and B of a relationship.
  const latin = text.match(/[A-Za-z]{2,}/g);
  assert.equal(latin, null, `${lang} ${what}: English words ${JSON.stringify(latin)}`);
  // No glued words: each planet name stands between spaces or punctuation.
  const { names, compounds } = GRAHAS[lang]!;
  let rest = text;
  for (const c of compounds) rest = rest.split(c).join(' ');
  for (const name of names)
    for (let i = rest.indexOf(name); i >= 0; i = rest.indexOf(name, i + 1)) {
      if (names.some((n) => n.length > name.length && n.startsWith(name) && rest.startsWith(n, i))) continue;
      const before = rest.slice(Math.max(0, i - 1), i);
      const after = rest.slice(i + name.length, i + name.length + 1);
      assert.match(before, EDGE, `${lang} ${what}: "${before}${name}" glued: …${rest.slice(i - 20, i + 20)}…`);
      assert.match(after, EDGE, `${lang} ${what}: "${name}${after}" glued: …${rest.slice(i - 20, i + 20)}…`);
    }
  // Numbers stand apart from words (only Telugu's and Kannada's ordinal suffix is written onto one).
  for (const m of text.matchAll(/\d+(?:[.:-]\d+)*/g)) {
    const before = text.slice(Math.max(0, m.index - 1), m.index);
    const after = text.slice(m.index + m[0].length);
    assert.match(
      before,
      /^$|^[\s(+-]/,
      `${lang} ${what}: a word glued before ${m[0]}: …${text.slice(m.index - 15, m.index + 10)}…`,
    );
    assert.ok(
      /^$|^[\s,.;:()।%°-]/.test(after) || (ORDINAL[lang]?.test(after) ?? false),
      `${lang} ${what}: a word glued after ${m[0]}: …${text.slice(m.index - 5, m.index + 15)}…`,
    );
  }
}

describe('languages: native text, no English, no glued words (offline writer)', () => {
  for (const lang of Object.keys(GRAHAS))
    it(`${lang}: every route and fact kind`, async () => {
      const t = await tenant();
      const at = '2026-01-15T12:00:00+05:30';
      // One call after another: the fleet's database connections are shared with the rest of the suite.
      const calls: [string, () => Promise<any>][] = [
        [
          'chart-reading',
          () => llm(t, '/v1/llm/chart-reading', { chart_id: t.vedic, language: lang, tier: 'premium' }),
        ],
        ['theme', () => llm(t, '/v1/llm/theme/spouse', { chart_id: t.vedic, language: lang, tier: 'premium', at })],
        ['dasha', () => llm(t, '/v1/llm/dasha-forecast', { chart_id: t.vedic, language: lang, tier: 'premium', at })],
        [
          'muhurta',
          () =>
            llm(t, '/v1/llm/muhurta-reasoning', {
              chart_id: t.vedic,
              language: lang,
              tier: 'basic',
              window_start: '2026-02-01T06:00:00+05:30',
              window_end: '2026-02-03T06:00:00+05:30',
              interval_minutes: 240,
              top_n: 3,
            }),
        ],
        ['natal', () => western(t, 'natal', { chart_id: t.western, language: lang, tier: 'premium' })],
        [
          'relationship',
          () =>
            western(t, 'relationship', {
              chart_a_id: t.western,
              chart_b_id: t.westernB,
              language: lang,
              tier: 'premium',
            }),
        ],
        [
          'forecast',
          () =>
            western(t, 'forecast', {
              chart_id: t.western,
              starts_at: '2026-01-01T00:00:00+00:00',
              ends_at: '2026-06-30T00:00:00+00:00',
              language: lang,
              tier: 'standard',
            }),
        ],
      ];
      for (const [what, call] of calls) {
        const r = await call();
        expectStatus(r, 200);
        // The language field says what was written, and it was written in that language.
        assert.equal(r.json.language, lang, what);
        checkNative(lang, what, r.json.content);
      }
    });

  it('the stream says the language in meta and its deltas rebuild native text', async () => {
    const t = await tenant();
    const r = await fetch(
      `${BASE_URL}/v1/llm/chart-reading/stream?${q({ chart_id: t.vedic, language: 'bn', tier: 'standard', fresh: true })}`,
      { method: 'POST', headers: { authorization: `Bearer ${t.key}` } },
    );
    assert.equal(r.status, 200);
    const events = parseSse(await r.text());
    const meta = events.find((e) => e.event === 'meta')!;
    assert.equal(meta.data.language, 'bn');
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.content)
      .join('');
    checkNative('bn', 'stream', text);
  });
});

describe('use_llm_rewrite (offline writer)', () => {
  it('each statement is really rewritten in the tone, keeping its words; llm_rewritten true only then', async () => {
    const t = await tenant();
    const create = (body: Record<string, unknown>) =>
      api('POST', '/v1/interpretations', { token: t.key, body: { chart_id: t.vedic, ...body } });
    const plain = await create({});
    expectStatus(plain, 201);
    assert.equal(plain.json.llm_rewritten, false);
    const bodies: Record<string, string[]> = {};
    for (const tone of ['corporate', 'coach', 'plain', 'vedic_traditional']) {
      const r = await create({ use_llm_rewrite: true, tone });
      expectStatus(r, 201);
      assert.equal(r.json.tone, tone);
      assert.equal(r.json.llm_rewritten, true);
      // Same chart, same templates (chosen by chart and talent); the rewrite changes every body.
      assert.deepEqual(
        r.json.statements.map((s: any) => s.template_id),
        plain.json.statements.map((s: any) => s.template_id),
      );
      r.json.statements.forEach((s: any, i: number) => {
        const before = plain.json.statements[i].body as string;
        assert.notEqual(s.body, before, `${tone}: statement ${i} unchanged`);
        // Rule 6: the factual content is kept (every word of the template statement is still there).
        const have = new Set((s.body as string).toLowerCase().match(/[a-z]+/g));
        for (const w of before.toLowerCase().match(/[a-z]+/g)!) assert.ok(have.has(w), `${tone} lost "${w}"`);
      });
      bodies[tone] = r.json.statements.map((s: any) => s.body);
      // Stored as answered.
      const back = await api('GET', `/v1/interpretations/${r.json.id}`, { token: t.key });
      expectStatus(back, 200);
      assert.equal(back.json.llm_rewritten, true);
      assert.deepEqual(
        back.json.statements.map((s: any) => s.body),
        bodies[tone],
      );
    }
    // Different tones read differently.
    assert.notDeepEqual(bodies.coach, bodies.corporate);
    assert.notDeepEqual(bodies.plain, bodies.vedic_traditional);
  });
});
