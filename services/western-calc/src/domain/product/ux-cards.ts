// UX card builders for one chart: profile summary, daily weather, next important transit, timeline.
// Ids are stable: the same chart and the same facts give the same id (a transit card's id carries the
// exact day), so an app can de-duplicate and remember dismissals.
import { SIGN_INFO, signOf, type Element } from '@astro/astro-core';
import { display, prioritised, type Card } from './card.ts';
import { HOUSE_TOPICS } from '../relationships/chart-data.ts';
import { ordinal } from '../relationships/ux.ts';
import { point, type NatalView } from './natal-view.ts';
import { PLANET_WEIGHTS, type ProductProfile } from './profile.ts';
import type { TransitHit } from './transit-scan.ts';
import type { Weather } from './weather.ts';

export const CARDS_METHOD_VERSION = 'western-ux-cards-v1';

const SIGN_WORDS: Record<string, string> = {
  aries: 'direct, pioneering and quick to act',
  taurus: 'steady, sensual and loyal',
  gemini: 'curious, talkative and adaptable',
  cancer: 'caring, protective and intuitive',
  leo: 'warm, expressive and proud',
  virgo: 'precise, helpful and observant',
  libra: 'diplomatic, fair and sociable',
  scorpio: 'intense, private and determined',
  sagittarius: 'adventurous, frank and hopeful',
  capricorn: 'ambitious, patient and responsible',
  aquarius: 'independent, inventive and principled',
  pisces: 'imaginative, compassionate and receptive',
};

const ELEMENT_WORDS: Record<Element, string> = {
  fire: 'enthusiasm and initiative',
  earth: 'practicality and staying power',
  air: 'ideas and connection',
  water: 'feeling and intuition',
};

/** Weighted element totals of the ten planets (same weights as the profile). */
export function dominantElement(view: NatalView): Element {
  const totals: Record<Element, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  for (const [planet, w] of Object.entries(PLANET_WEIGHTS))
    totals[SIGN_INFO[point(view, planet as never).sign].element] += w;
  // Ties: fire, earth, air, water order.
  return (Object.keys(totals) as Element[]).reduce((best, e) => (totals[e] > totals[best] ? e : best), 'fire');
}

export function profileSummaryCards(view: NatalView, profile: ProductProfile): Card[] {
  const sun = point(view, 'sun');
  const moon = point(view, 'moon');
  const asc = point(view, 'ascendant');
  const rulerKey = SIGN_INFO[asc.sign].ruler;
  const ruler = point(view, rulerKey);
  const element = dominantElement(view);
  const strongest = profile.domains.find((d) => d.domain === profile.strongest_domain)!;
  const weakest = profile.domains.find((d) => d.domain === profile.weakest_domain)!;
  const cards: Card[] = [
    {
      id: `profile.sun.${sun.sign}`,
      kind: 'sun_sign',
      title: `Sun in ${display(sun.sign)}`,
      body: `Your core self is ${SIGN_WORDS[sun.sign]}; the Sun sits in your ${ordinal(sun.house)} house of ${topics(sun.house)}.`,
      tone: 'neutral',
      priority: 0,
      evidence: [{ kind: 'position', label: 'sun', sign: sun.sign, house: sun.house }],
    },
    {
      id: `profile.moon.${moon.sign}`,
      kind: 'moon_sign',
      title: `Moon in ${display(moon.sign)}`,
      body: `Emotionally you are ${SIGN_WORDS[moon.sign]}; the Moon sits in your ${ordinal(moon.house)} house of ${topics(moon.house)}.`,
      tone: 'neutral',
      priority: 0,
      evidence: [{ kind: 'position', label: 'moon', sign: moon.sign, house: moon.house }],
    },
    {
      id: `profile.rising.${asc.sign}`,
      kind: 'rising_sign',
      title: `${display(asc.sign)} rising`,
      body: `Others first meet you as ${SIGN_WORDS[asc.sign]}.`,
      tone: 'neutral',
      priority: 0,
      evidence: [{ kind: 'position', label: 'ascendant', sign: asc.sign, house: 1 }],
    },
    {
      id: `profile.chart_ruler.${rulerKey}`,
      kind: 'chart_ruler',
      title: `Chart ruler: ${display(rulerKey)}`,
      body: `${display(rulerKey)}, ruler of your ${display(asc.sign)} Ascendant, is in ${display(ruler.sign)} in the ${ordinal(
        ruler.house,
      )} house: ${topics(ruler.house)} are central to your path.`,
      tone: 'neutral',
      priority: 0,
      evidence: [{ kind: 'position', label: rulerKey, sign: ruler.sign, house: ruler.house }],
    },
    {
      id: `profile.element.${element}`,
      kind: 'dominant_element',
      title: `Dominant element: ${display(element)}`,
      body: `Weighted by importance, most of your planets are in ${element} signs: you lead with ${ELEMENT_WORDS[element]}.`,
      tone: 'neutral',
      priority: 0,
      evidence: [{ kind: 'position', label: `element ${element}` }],
    },
    {
      id: `profile.domain.strongest.${strongest.domain}`,
      kind: 'strongest_domain',
      title: `Strongest area: ${display(strongest.domain)}`,
      body: `Of eight life areas, ${strongest.description} scores highest (${strongest.score}/100).`,
      tone: 'supportive',
      priority: 0,
      evidence: [{ kind: 'domain', label: strongest.domain, score: strongest.score }],
    },
    {
      id: `profile.domain.growth_edge.${weakest.domain}`,
      kind: 'growth_edge',
      title: `Growth edge: ${display(weakest.domain)}`,
      body: `${capital(weakest.description)} scores lowest (${weakest.score}/100): the area that rewards conscious effort.`,
      tone: 'challenging',
      priority: 0,
      evidence: [{ kind: 'domain', label: weakest.domain, score: weakest.score }],
    },
  ];
  return prioritised(cards);
}

function topics(house: number): string {
  return HOUSE_TOPICS[house]!.map((t) => t.replace(/_/g, ' ')).join(', ');
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const WEATHER_TITLE: Record<string, string> = {
  clear: 'Clear skies',
  fair: 'Fair weather',
  changeable: 'Changeable',
  stormy: 'Stormy',
};

export function weatherCards(w: Weather): Card[] {
  const day = new Date(w.at_ms).toISOString().slice(0, 10);
  const cards: Card[] = [
    {
      id: `weather.${day}.overall`,
      kind: 'weather',
      title: `${WEATHER_TITLE[w.label]} (${w.score}/100)`,
      body: `The Moon is in ${display(w.moon.sign)}, passing through your ${ordinal(w.moon.natal_house)} house of ${topics(
        w.moon.natal_house,
      )}; ${w.transits.length} transit${w.transits.length === 1 ? '' : 's'} touch your chart.`,
      tone: w.score >= 55 ? 'supportive' : w.score < 40 ? 'challenging' : 'neutral',
      priority: 0,
      evidence: [
        { kind: 'score', label: 'weather score', score: w.score },
        { kind: 'position', label: 'transit moon', sign: w.moon.sign, house: w.moon.natal_house },
      ],
    },
  ];
  for (const t of w.transits.slice(0, 3))
    cards.push({
      id: `weather.${day}.${t.planet_a}.${t.aspect}.${t.planet_b}`,
      kind: 'transit',
      title: `${display(t.planet_a)} ${t.aspect} your ${display(t.planet_b)}`,
      body: `Transiting ${display(t.planet_a)} ${t.is_applying ? 'approaches' : 'leaves'} a ${t.aspect} to your natal ${display(
        t.planet_b,
      )} (orb ${t.orb_degrees.toFixed(1)}°): ${t.tone === 'harmonious' ? 'an easy opening' : t.tone === 'dynamic' ? 'a push to act' : 'a focus of energy'}.`,
      tone: t.tone === 'harmonious' ? 'supportive' : t.tone === 'dynamic' ? 'challenging' : 'neutral',
      priority: 0,
      evidence: [
        {
          kind: 'transit',
          label: `t.${t.planet_a} ${t.aspect} n.${t.planet_b}`,
          planet_a: t.planet_a,
          planet_b: t.planet_b,
          aspect: t.aspect,
          orb_degrees: Math.round(t.orb_degrees * 100) / 100,
          strength: Math.round(t.strength * 1000) / 1000,
        },
      ],
    });
  return prioritised(cards);
}

const ASPECT_MEANING: Record<string, string> = {
  conjunction: 'a new chapter begins',
  opposition: 'relationships and balance come to a head',
  square: 'pressure builds toward change',
  trine: 'things flow and opportunities open',
  sextile: 'a door opens if you knock',
};

export function transitCard(h: TransitHit, natalSign: string): Card {
  const exact = new Date(h.exact_at_ms).toISOString();
  return {
    id: `transit.${h.transit_planet}.${h.aspect}.${h.natal_planet}.${exact.slice(0, 10)}`,
    kind: 'transit',
    title: `${display(h.transit_planet)} ${h.aspect} your ${display(h.natal_planet)}`,
    body: `Transiting ${display(h.transit_planet)} makes an exact ${h.aspect} to your ${display(h.natal_planet)} in ${display(
      natalSign,
    )} on ${exact.slice(0, 10)}${h.direction === 'retrograde' ? ' (while retrograde)' : ''}: ${ASPECT_MEANING[h.aspect]}.`,
    tone: h.tone === 'harmonious' ? 'supportive' : h.tone === 'dynamic' ? 'challenging' : 'neutral',
    priority: 0,
    evidence: [
      {
        kind: 'transit',
        label: `t.${h.transit_planet} ${h.aspect} n.${h.natal_planet}`,
        planet_a: h.transit_planet,
        planet_b: h.natal_planet,
        aspect: h.aspect,
        sign: signOf(h.target_longitude),
        score: Math.round(h.importance * 100),
      },
    ],
    starts_at: new Date(h.window_start_ms).toISOString(),
    ends_at: new Date(h.window_end_ms).toISOString(),
    exact_at: exact,
  };
}

/** Timeline: one card per exact hit, in time order (ties: the more important first). */
export function timelineCards(view: NatalView, hits: readonly TransitHit[]): Card[] {
  return prioritised(hits.map((h) => transitCard(h, point(view, h.natal_planet).sign)));
}
