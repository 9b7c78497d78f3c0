// Muhurta domain: tara counting (mod 9 from the natal nakshatra, wrap-around at revati), chandrabala
// counting, kalam exclusion arithmetic (half-open windows), ranking (excluded behind), labels, window
// validation and the per-day cache against a real sunrise day (Delhi).
import assert from 'node:assert/strict';
import { beforeAll as before, describe, it } from '@jest/globals';
import { initEphemeris } from '@astro/astro-core';
import { AppError } from '@astro/platform';
import {
  activeWindows,
  candidate,
  chandrabalaCount,
  rankCandidates,
  search,
  SunriseDays,
  taraOf,
} from '../src/domain/muhurta/score.ts';
import { labelOf, TARAS, TOTAL_MAX } from '../src/domain/muhurta/tables.ts';
import { checkWindow, validateScore, validateSearch } from '../src/domain/muhurta/validate.ts';

const tara = (natal: number, transit: number) => TARAS[taraOf(natal, transit) - 1];
const DELHI = { latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' };
const natal = { chartId: 'c1', moonNakshatra: 1, moonSign: 1 };

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof AppError);
    return e.code;
  }
  throw new Error('no error');
}

before(() => {
  initEphemeris();
});

describe('tara', () => {
  it('counts from the natal nakshatra, mod 9', () => {
    assert.equal(tara(1, 1), 'janma');
    assert.equal(tara(1, 2), 'sampat');
    assert.equal(tara(1, 3), 'vipat');
    assert.equal(tara(1, 9), 'parama_mitra');
    assert.equal(tara(1, 10), 'janma');
    assert.equal(tara(1, 27), 'parama_mitra');
  });
  it('wraps around revati', () => {
    assert.equal(tara(27, 1), 'sampat');
    assert.equal(tara(27, 2), 'vipat');
    assert.equal(tara(20, 1), 'parama_mitra'); // purva ashadha..revati = 8 nakshatras, ashwini is the 9th
  });
});

describe('chandrabala', () => {
  it('counts signs inclusively with wrap-around', () => {
    assert.equal(chandrabalaCount(1, 1), 1);
    assert.equal(chandrabalaCount(1, 3), 3);
    assert.equal(chandrabalaCount(12, 1), 2);
    assert.equal(chandrabalaCount(5, 4), 12);
    assert.equal(chandrabalaCount(10, 7), 10);
  });
});

describe('kalam exclusion', () => {
  const w = [
    { name: 'rahu_kalam' as const, startMs: 100, endMs: 200 },
    { name: 'durmuhurtam' as const, startMs: 180, endMs: 250 },
  ];
  it('is half-open and reports every overlapping window', () => {
    assert.deepEqual(activeWindows(w, 99), []);
    assert.deepEqual(
      activeWindows(w, 100).map((x) => x.name),
      ['rahu_kalam'],
    );
    assert.deepEqual(
      activeWindows(w, 190).map((x) => x.name),
      ['rahu_kalam', 'durmuhurtam'],
    );
    assert.deepEqual(
      activeWindows(w, 200).map((x) => x.name),
      ['durmuhurtam'],
    );
    assert.deepEqual(activeWindows(w, 250), []);
  });
  it('a moment inside rahu kalam is excluded with kalam score 0 and label avoid', () => {
    const days = new SunriseDays(DELHI, DELHI.timezone);
    const t = Date.parse('2026-03-16T12:00:00+05:30');
    const day = days.at(t);
    const rahu = day.windows.find((x) => x.name === 'rahu_kalam')!;
    const mid = Math.floor((rahu.startMs + rahu.endMs) / 2);
    const c = candidate(natal, { activity: 'travel', ...DELHI }, days.at(mid), mid);
    assert.equal(c.is_excluded, true);
    assert.equal(c.label, 'avoid');
    const k = c.components.find((x) => x.name === 'kalam_exclusions')!;
    assert.equal(k.score, 0);
    assert.ok(c.caution_windows.some((x) => x.name === 'rahu_kalam' && x.active));
    assert.deepEqual(
      c.components.map((x) => x.name),
      ['tarabala', 'chandrabala', 'panchanga_suitability', 'weekday_lord', 'kalam_exclusions', 'lagna'],
    );
    const sum = c.components.reduce((s, x) => s + x.score, 0);
    assert.equal(c.total_score, Math.round((1000 * sum) / TOTAL_MAX) / 10);
    // Monday 2026-03-16: rahu kalam is the 2nd eighth of the day.
    const f = day.frame;
    assert.equal(f.weekday, 1);
    assert.ok(Math.abs(rahu.startMs - (f.sunriseMs + (f.sunsetMs - f.sunriseMs) / 8)) < 1);
  });
});

describe('ranking', () => {
  it('puts excluded candidates behind, then score desc, then time', () => {
    const r = rankCandidates([
      { id: 'a', is_excluded: true, total_score: 90, atMs: 1 },
      { id: 'b', is_excluded: false, total_score: 50, atMs: 5 },
      { id: 'c', is_excluded: false, total_score: 70, atMs: 9 },
      { id: 'd', is_excluded: false, total_score: 50, atMs: 2 },
    ]);
    assert.deepEqual(
      r.map((x) => x.id),
      ['c', 'd', 'b', 'a'],
    );
  });
  it('labels by thresholds', () => {
    assert.equal(labelOf(90, true), 'avoid');
    assert.equal(labelOf(34.9, false), 'avoid');
    assert.equal(labelOf(35, false), 'weak');
    assert.equal(labelOf(55, false), 'usable');
    assert.equal(labelOf(75, false), 'favorable');
  });
  it('search over a week returns top_n ranked, excluded last', () => {
    const start = Date.parse('2026-03-16T00:00:00+05:30');
    const res = search(natal, { activity: 'marriage', ...DELHI }, start, start + 7 * 86_400_000, 15 * 60_000, 672);
    assert.equal(res.length, 672);
    const firstExcluded = res.findIndex((c) => c.is_excluded);
    assert.ok(firstExcluded > 0);
    assert.ok(res.slice(firstExcluded).every((c) => c.is_excluded));
    for (let i = 1; i < firstExcluded; i++) assert.ok(res[i - 1]!.total_score >= res[i]!.total_score);
  });
});

describe('validation', () => {
  const body = {
    natal_chart_id: 'x',
    activity_type: 'travel',
    latitude: 28,
    longitude: 77,
    timezone: 'Asia/Kolkata',
  };
  it('naive datetimes, unknown activity, bad windows', () => {
    assert.equal(
      code(() => validateScore({ ...body, proposed_at: '2026-03-16T10:00:00' })),
      'invalid_datetime_timezone',
    );
    assert.equal(
      code(() => validateScore({ ...body, activity_type: 'gambling', proposed_at: '2026-03-16T10:00:00Z' })),
      'unsupported_muhurta_activity_type',
    );
    assert.equal(
      code(() => validateScore({ ...body, proposed_at: 'nope' })),
      'invalid_request',
    );
    const w = { window_start: '2026-03-16T00:00:00Z', window_end: '2026-03-15T00:00:00Z' };
    assert.equal(
      code(() => validateSearch({ ...body, ...w })),
      'invalid_window',
    );
    assert.equal(
      code(() => checkWindow(0, 32 * 86_400_000, 1440, {})),
      'invalid_window',
    );
    assert.equal(
      code(() => checkWindow(0, 20 * 86_400_000, 5, {})),
      'invalid_window',
    );
    assert.doesNotThrow(() => checkWindow(0, 2000 * 5 * 60_000, 5, {}));
    assert.equal(
      code(() =>
        validateSearch({ ...body, window_start: w.window_end, window_end: w.window_start, interval_minutes: 4 }),
      ),
      'invalid_request',
    );
  });
  it('polar night -> muhurta_failed', () => {
    const days = new SunriseDays({ latitude: 80, longitude: 15 }, 'Europe/Oslo');
    assert.equal(
      code(() => days.at(Date.parse('2026-12-21T12:00:00+01:00'))),
      'muhurta_failed',
    );
  });
});
