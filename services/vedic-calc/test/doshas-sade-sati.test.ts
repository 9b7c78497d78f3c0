// Sade Sati and Dhaiya against published dates of Saturn's sidereal (Lahiri) sign ingresses in Indian
// and Sri Lankan almanac columns, each source named beside its value. Two sources per ingress where one
// could be found; they differ from each other by up to ~16 minutes (ayanamsha and ephemeris), so the
// tolerance is 20 minutes where a clock time is published and the calendar day (IST) where only a date
// is. Our ephemeris is Moshier's (planets within ~1"), a Saturn ingress moves ~1 minute per 0.1".
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SIGNS } from '@astro/astro-core';
import { sadeSati, saturnIngresses, type SaturnCycle } from '../src/domain/doshas/sade-sati.ts';

const MINUTE = 60_000;
const IST = 330 * MINUTE;
/** A published local clock time (UTC+5:30, both in India and Sri Lanka) as UTC milliseconds. */
const ist = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h, mi) - IST;
/** The IST calendar day of an instant, YYYY-MM-DD. */
const istDay = (ms: number) => new Date(ms + IST).toISOString().slice(0, 10);
const sign = (name: string) => SIGNS.indexOf(name as (typeof SIGNS)[number]);

const near = (actual: number, expected: number, tolMin: number, label: string) =>
  assert.ok(
    Math.abs(actual - expected) <= tolMin * MINUTE,
    `${label}: ${new Date(actual).toISOString()} vs published ${new Date(expected).toISOString()} (±${tolMin} min)`,
  );

describe("Saturn's sidereal ingresses 2019-2026 (event search against published almanac times)", () => {
  const all = saturnIngresses(
    Date.UTC(2019, 0, 1),
    Date.UTC(2026, 0, 1),
    SIGNS.map((_, i) => i),
  );

  it('five ingresses: Capricorn, Aquarius, Capricorn (retrograde), Aquarius, Pisces', () => {
    assert.deepEqual(
      all.map((e) => [SIGNS[e.sign], e.motion]),
      [
        ['capricorn', 'direct'],
        ['aquarius', 'direct'],
        ['capricorn', 'retrograde'],
        ['aquarius', 'direct'],
        ['pisces', 'direct'],
      ],
    );
  });

  it('Capricorn 2020-01-24', () => {
    // Daily Mirror (Sri Lanka) 2020-01-17, "Saturn returns to Zodiacal sign Capricorn after 30 years": 09.56 hours local
    near(all[0]!.ms, ist(2020, 1, 24, 9, 56), 20, 'Daily Mirror');
    // vinatiastrology.com, January 2020 (Gujarati): 24 January 2020, 09.51 IST
    near(all[0]!.ms, ist(2020, 1, 24, 9, 51), 20, 'vinatiastrology.com');
  });

  it('Aquarius 2022-04-29', () => {
    // Daily Mirror (Sri Lanka) 2020-01-17: "enters Aquarius sign ... at 07.56 hours on April 29, 2022"
    near(all[1]!.ms, ist(2022, 4, 29, 7, 56), 20, 'Daily Mirror');
    // Hindustan Times 2022-01-02, "Saturn transit 2022": "Shani will enter the Aquarius zodiac sign on 29 April 2022"
    assert.equal(istDay(all[1]!.ms), '2022-04-29');
  });

  it('back into Capricorn, retrograde, 2022-07-12', () => {
    // Hindustan Times 2022-01-02: "On 12th July 2022, Saturn will retrograde and start transitioning back to Capricorn";
    // vinatiastrology.com: "12 July 2022". (Daily Mirror gives 13 July 14.20: the two sources disagree; the date of
    // the two agreeing sources is the test.)
    assert.equal(istDay(all[2]!.ms), '2022-07-12');
  });

  it('Aquarius again 2023-01-17', () => {
    // Daily Mirror (Sri Lanka) 2020-01-17: "at 18.20 hours on January 17, 2023"
    near(all[3]!.ms, ist(2023, 1, 17, 18, 20), 20, 'Daily Mirror');
    // vinatiastrology.com: "17 January 2023"
    assert.equal(istDay(all[3]!.ms), '2023-01-17');
  });

  it('Pisces 2025-03-29', () => {
    // navbharatsamay.in (Gujarati), "Shani ... Meen rashi": 29 March, 9:44 pm
    near(all[4]!.ms, ist(2025, 3, 29, 21, 44), 20, 'navbharatsamay.in');
    // dkscore.com, "Saturn's 2025 transition": "On March 29, 2025, Saturn will move ... to Pisces at 9:46 PM"
    near(all[4]!.ms, ist(2025, 3, 29, 21, 46), 20, 'dkscore.com');
  });

  it('2017: retrograde back into Scorpio, then Sagittarius again', () => {
    const y2017 = saturnIngresses(
      Date.UTC(2017, 3, 1),
      Date.UTC(2017, 11, 31),
      SIGNS.map((_, i) => i),
    );
    assert.deepEqual(
      y2017.map((e) => [SIGNS[e.sign], e.motion]),
      [
        ['scorpio', 'retrograde'],
        ['sagittarius', 'direct'],
      ],
    );
    // astroisha.com, "Saturn returns to Scorpio": "return into Scorpio Sign on June 20th 2017" (time zone not
    // stated: ±1 day) and "return back into Sagittarius Sign on October 26th 2017"
    const d = (ms: number) => Math.abs(ms - Date.UTC(2017, 5, 20, 12)) <= 36 * 60 * MINUTE;
    assert.ok(d(y2017[0]!.ms), new Date(y2017[0]!.ms).toISOString());
    assert.equal(istDay(y2017[1]!.ms), '2017-10-26');
  });
});

const cycleOf = (moonSign: string, kind: string, fromIso: string): SaturnCycle => {
  const t = Date.parse(fromIso);
  const r = sadeSati(sign(moonSign), t, t + 86_400_000);
  const c = r.cycles.find((x) => x.kind === kind);
  assert.ok(c, `${moonSign}: no ${kind} cycle around ${fromIso}`);
  return c;
};

describe('Sade Sati and Dhaiya cycles of a Moon sign (published transit columns)', () => {
  it('Aquarius Moon: Sade Sati from 2020-01-24, peak from 2022-04-29 with the retrograde return, setting from 2025-03-29', () => {
    const c = cycleOf('aquarius', 'sade_sati', '2024-01-01T00:00:00Z');
    // The Himalayan Times 2020-01-28, "Saturn and sade sati": "Saturn's transit in Capricorn on January 24 begins the
    // Sade-sati for those born under the Aquarius moon sign"
    assert.equal(istDay(c.startMs), '2020-01-24');
    // Hindustan Times 2022-01-02: Saturn enters Aquarius on 29 April 2022 (the Moon sign: the peak)
    assert.equal(istDay(c.peakStartMs!), '2022-04-29');
    // ... goes back to Capricorn on 12 July 2022 (the 12th again), returns 17 January 2023 (Daily Mirror)
    assert.deepEqual(
      c.stays.slice(0, 4).map((s) => [s.phase, istDay(s.startMs), s.start_motion]),
      [
        ['sade_sati_rising', '2020-01-24', 'direct'],
        ['sade_sati_peak', '2022-04-29', 'direct'],
        ['sade_sati_rising', '2022-07-12', 'retrograde'],
        ['sade_sati_peak', '2023-01-17', 'direct'],
      ],
    );
    // dkscore.com: "Aquarius (Kumbha Rashi) – Saturn enters the 2nd house. This is the last phase of Sade Sati" (2025-03-29)
    assert.equal(c.stays[4]!.phase, 'sade_sati_setting');
    assert.equal(istDay(c.stays[4]!.startMs), '2025-03-29');
    assert.equal(istDay(c.peakEndMs!), '2025-03-29');
  });

  it('Capricorn Moon: Sade Sati ends 2025-03-29; Scorpio Moon: ends 2020-01-24; Sagittarius Moon: ends 2023-01-17', () => {
    // tazakhabar.co.in: "when Saturn enters Pisces on 29 March 2025, the Sade Sati of Capricorn natives will end";
    // dkscore.com: "Capricorn (Makara Rashi) – Relief! ... marking the end of Sade Sati"
    assert.equal(istDay(cycleOf('capricorn', 'sade_sati', '2024-01-01T00:00:00Z').endMs), '2025-03-29');
    // The Himalayan Times 2020-01-28: "This day [January 24] ends the Sade-sati for Scorpio"
    assert.equal(istDay(cycleOf('scorpio', 'sade_sati', '2019-01-01T00:00:00Z').endMs), '2020-01-24');
    // Hindustan Times 2022-01-02: Sagittarius is freed on 29 April 2022, caught again when Saturn goes back to
    // Capricorn on 12 July 2022; the Sade Sati ends with Saturn's final entry into Aquarius (17 January 2023, Daily Mirror)
    const sg = cycleOf('sagittarius', 'sade_sati', '2021-01-01T00:00:00Z');
    assert.equal(istDay(sg.endMs), '2023-01-17');
    assert.deepEqual(
      sg.stays.slice(-2).map((s) => [s.phase, istDay(s.startMs), istDay(s.endMs), s.start_motion]),
      [
        ['sade_sati_setting', '2020-01-24', '2022-04-29', 'direct'],
        ['sade_sati_setting', '2022-07-12', '2023-01-17', 'retrograde'],
      ],
    );
  });

  it('Dhaiya: 29 April 2022 starts it for Cancer (8th) and Scorpio (4th), ends it for Gemini and Libra until 12 July', () => {
    // Hindustan Times 2022-01-02: "the influence of Shani Dhayya will also go away for Gemini and Libra ... Shani Dhayya
    // will start for Cancer and Scorpio"
    assert.equal(istDay(cycleOf('cancer', 'ashtama', '2022-06-01T00:00:00Z').startMs), '2022-04-29');
    assert.equal(istDay(cycleOf('scorpio', 'ardhashtama', '2022-06-01T00:00:00Z').startMs), '2022-04-29');
    for (const [moon, kind] of [
      ['gemini', 'ashtama'],
      ['libra', 'ardhashtama'],
    ] as const) {
      const c = cycleOf(moon, kind, '2021-01-01T00:00:00Z');
      // Capricorn from 24 January 2020, out on 29 April 2022, back on 12 July 2022, out on 17 January 2023
      assert.deepEqual(
        c.stays.map((s) => [istDay(s.startMs), istDay(s.endMs)]),
        [
          ['2020-01-24', '2022-04-29'],
          ['2022-07-12', '2023-01-17'],
        ],
        moon,
      );
    }
  });

  it('the phase at a date (dkscore.com, Saturn in Pisces from 2025-03-29)', () => {
    const at = Date.parse('2025-06-01T00:00:00Z');
    const phase = (m: string) => sadeSati(sign(m), at, at + 86_400_000).phase_at_from;
    assert.equal(phase('pisces'), 'sade_sati_peak'); // "Pisces – Saturn now enters your Moon sign"
    assert.equal(phase('aries'), 'sade_sati_rising'); // "Aries – Saturn moves to your 12th house"
    assert.equal(phase('aquarius'), 'sade_sati_setting'); // "Aquarius – Saturn enters the 2nd house"
    assert.equal(phase('capricorn'), null); // "Capricorn – ... the end of Sade Sati" (3rd house: no phase)
  });

  it('stays overlapping the range are whole, in time order, not clipped', () => {
    const from = Date.parse('2021-01-01T00:00:00Z');
    const r = sadeSati(sign('aquarius'), from, Date.parse('2021-02-01T00:00:00Z'));
    assert.equal(r.stays.length, 1);
    assert.ok(r.stays[0]!.startMs < from); // the stay began on 2020-01-24 (sources above)
    assert.equal(istDay(r.stays[0]!.startMs), '2020-01-24');
  });
});
