// Pitra (Pitru) dosha of one chart per the named rule set "pyjhora-toi-v1": the five rules PyJHora
// v4.8.5 (dosha.pitru_dosha) takes from The Times of India, worded as in its dosha_msgs_en.json.
// Houses are whole signs from the lagna. Pure.
//
// Where PyJHora's code and its own published wording differ, the wording is followed (conventions.ts):
// rule 2 reads "Ketu is in the fourth house" (the code tests Rahu), and rule 3's "afflicted by malefic
// planets like Mars or Saturn" is read as Mars or Saturn in the same sign or casting its graha drishti
// (Mars 4th, 7th, 8th; Saturn 3rd, 7th, 10th; BPHS ch. 26) on the planet, where PyJHora asks for a
// mutual "association" (conjunction, mutual graha drishti or exchange).
import { signCount } from '../matching/moon.ts';

export const PITRA_RULE_SET = 'pyjhora-toi-v1';
const SOURCE = 'PyJHora v4.8.5 dosha.pitru_dosha and dosha_msgs_en.json "pitru", after The Times of India';

export type PitraPlanet = 'sun' | 'moon' | 'mars' | 'mercury' | 'venus' | 'saturn' | 'rahu' | 'ketu';

/** Sign indices 0..11 of the lagna and the planets the rules read. */
export interface PitraChart {
  lagna: number;
  signs: Readonly<Record<PitraPlanet, number>>;
}

export interface PitraRule {
  rule: string;
  fired: boolean;
  description: string;
  planets: PitraPlanet[];
  houses: number[];
  reason: string;
  source: string;
}

export interface PitraResult {
  rule_set: string;
  present: boolean;
  rules: PitraRule[];
  fired_count: number;
  reason: string;
}

/** Graha drishti of the malefics (BPHS ch. 26): every planet aspects the 7th; Mars also the 4th and 8th, Saturn the 3rd and 10th. */
const MALEFIC_ASPECTS: Readonly<Record<'mars' | 'saturn', readonly number[]>> = {
  mars: [4, 7, 8],
  saturn: [3, 7, 10],
};

interface Hit {
  planets: PitraPlanet[];
  houses: number[];
  reason: string;
}

export function pitra(c: PitraChart): PitraResult {
  const house = (p: PitraPlanet) => signCount(c.lagna, c.signs[p]);
  const uniq = <T>(xs: T[]) => [...new Set(xs)];

  const rules: { rule: string; description: string; test: () => Hit | null }[] = [
    {
      rule: 'sun_moon_or_rahu_in_9th',
      description: 'Either Sun, Moon or Rahu is in the ninth house.',
      test: () => {
        const ps = (['sun', 'moon', 'rahu'] as const).filter((p) => house(p) === 9);
        return ps.length ? { planets: [...ps], houses: [9], reason: `${ps.join(', ')} in the 9th house` } : null;
      },
    },
    {
      rule: 'ketu_in_4th',
      description: 'Ketu is in the fourth house.',
      test: () => (house('ketu') === 4 ? { planets: ['ketu'], houses: [4], reason: 'Ketu in the 4th house' } : null),
    },
    {
      rule: 'luminaries_or_nodes_afflicted_by_mars_or_saturn',
      description: 'Either Sun, Moon, Rahu or Ketu is afflicted by malefic planets like Mars or Saturn.',
      test: () => {
        const planets: PitraPlanet[] = [];
        const notes: string[] = [];
        for (const target of ['sun', 'moon', 'rahu', 'ketu'] as const)
          for (const malefic of ['mars', 'saturn'] as const) {
            const n = signCount(c.signs[malefic], c.signs[target]);
            if (n === 1) notes.push(`${malefic} with ${target}`);
            else if (MALEFIC_ASPECTS[malefic].includes(n)) notes.push(`${malefic} aspects ${target} (${n}th from it)`);
            else continue;
            planets.push(target, malefic);
          }
        const ps = uniq(planets);
        return ps.length ? { planets: ps, houses: uniq(ps.map(house)), reason: notes.join('; ') } : null;
      },
    },
    {
      rule: 'two_of_venus_mercury_rahu_in_2_5_9_12',
      description: 'Venus, Mercury, Rahu or any of these two planets are in one of the 2nd, 5th, 9th or 12th house.',
      test: () => {
        for (const h of [2, 5, 9, 12]) {
          const ps = (['venus', 'mercury', 'rahu'] as const).filter((p) => house(p) === h);
          if (ps.length >= 2) return { planets: [...ps], houses: [h], reason: `${ps.join(' and ')} in house ${h}` };
        }
        return null;
      },
    },
    {
      rule: 'sun_or_moon_with_rahu_or_ketu',
      description: 'Sun or Moon is in conjunction with Rahu or Ketu.',
      test: () => {
        const pairs: [PitraPlanet, PitraPlanet][] = [];
        for (const l of ['sun', 'moon'] as const)
          for (const n of ['rahu', 'ketu'] as const) if (c.signs[l] === c.signs[n]) pairs.push([l, n]);
        const ps = uniq(pairs.flat());
        return pairs.length
          ? {
              planets: ps,
              houses: uniq(ps.map(house)),
              reason: pairs.map(([l, n]) => `${l} with ${n}`).join('; '),
            }
          : null;
      },
    },
  ];

  const out: PitraRule[] = rules.map(({ rule, description, test }) => {
    const hit = test();
    return {
      rule,
      fired: hit !== null,
      description,
      planets: hit?.planets ?? [],
      houses: hit?.houses ?? [],
      reason: hit?.reason ?? 'does not hold',
      source: SOURCE,
    };
  });
  const fired = out.filter((r) => r.fired);
  return {
    rule_set: PITRA_RULE_SET,
    present: fired.length > 0,
    rules: out,
    fired_count: fired.length,
    reason: fired.length
      ? `${fired.length} of ${out.length} rules fired: ${fired.map((r) => r.rule).join(', ')}`
      : `none of the ${out.length} rules fired`,
  };
}
