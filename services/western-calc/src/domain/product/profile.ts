// Product profiles: one deterministic feature vector per life domain, for apps that rank, match,
// personalise or feed a model. Numbers only (no prose); every feature has a fixed range and the same
// position in every domain's vector (FEATURES order), so vectors can be compared across charts.
//
// Features (documented in README "Western relationships, profiles and cards"):
//   significator_dignity [-1, 1]  mean Lilly sign dignity / 5 of the domain's classical significators
//   ruler_dignity        [-1, 1]  the same for the traditional ruler of the domain's first house cusp
//   house_emphasis       [0, 1]   weighted share of the ten planets in the domain's houses, scaled so
//                                 that an even spread gives 0.5 (capped at 1)
//   angularity           [0, 1]   mean over significators: angular 1, succedent 0.5, cadent 0
//   aspect_support       [0, 1]   harmonious share of the aspect strength touching the significators
//                                 (a conjunction counts half); 0.5 when there are none
//   aspect_intensity     [0, 1)   1 - exp(-S / 3), S = total strength of those aspects
//   retrograde_share     [0, 1]   share of the moving significators that are retrograde
// score (0-100) = round(100 x (0.25 d' + 0.15 r' + 0.15 e + 0.15 a + 0.3 s)) with d' = (dignity+1)/2,
// r' = (ruler_dignity+1)/2, e = house_emphasis, a = angularity, s = aspect_support.
import { SIGN_INFO, signOf } from '@astro/astro-core';
import { BALANCE_WEIGHTS } from '../natal/balance.ts';
import type { RelPoint } from '../relationships/chart-data.ts';
import { angularityOf, point, signDignityPoints, type NatalView } from './natal-view.ts';

export const PROFILE_METHOD_VERSION = 'western-product-profile-v1';

export const DOMAINS = ['identity', 'emotions', 'communication', 'love', 'drive', 'career', 'money', 'growth'] as const;
export type Domain = (typeof DOMAINS)[number];

export interface DomainDef {
  significators: readonly RelPoint[];
  houses: readonly number[];
  description: string;
}

export const DOMAIN_DEFS: Readonly<Record<Domain, DomainDef>> = Object.freeze({
  identity: { significators: ['sun', 'ascendant'], houses: [1], description: 'self-image, vitality, presence' },
  emotions: { significators: ['moon'], houses: [4], description: 'moods, needs, home and belonging' },
  communication: { significators: ['mercury'], houses: [3], description: 'thinking, speaking, learning' },
  love: { significators: ['venus'], houses: [5, 7], description: 'affection, romance, partnership' },
  drive: { significators: ['mars'], houses: [1, 8], description: 'energy, ambition, courage, desire' },
  career: { significators: ['saturn', 'midheaven'], houses: [10, 6], description: 'vocation, status, work' },
  money: { significators: ['jupiter', 'venus'], houses: [2, 8], description: 'earning, resources, value' },
  growth: { significators: ['jupiter'], houses: [9], description: 'meaning, travel, study, optimism' },
});

export interface FeatureDef {
  name: string;
  min: number;
  max: number;
  description: string;
}

export const FEATURES: readonly FeatureDef[] = Object.freeze([
  {
    name: 'significator_dignity',
    min: -1,
    max: 1,
    description: "mean sign dignity of the domain's planets (Lilly points / 5)",
  },
  { name: 'ruler_dignity', min: -1, max: 1, description: "sign dignity of the ruler of the domain's first house" },
  { name: 'house_emphasis', min: 0, max: 1, description: "weighted planets in the domain's houses; 0.5 = even spread" },
  {
    name: 'angularity',
    min: 0,
    max: 1,
    description: 'significators in angular (1), succedent (0.5), cadent (0) houses',
  },
  {
    name: 'aspect_support',
    min: 0,
    max: 1,
    description: 'harmonious share of aspects to the significators; 0.5 = none',
  },
  {
    name: 'aspect_intensity',
    min: 0,
    max: 1,
    description: 'how strongly the significators are aspected, 1 - exp(-S/3)',
  },
  { name: 'retrograde_share', min: 0, max: 1, description: 'share of moving significators that are retrograde' },
]);

/** Balance weights: luminaries weigh most, then personal, social and outer planets (as the spec's balance). */
export const PLANET_WEIGHTS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(Object.entries(BALANCE_WEIGHTS).filter(([key]) => key !== 'ascendant' && key !== 'midheaven')),
);
const TOTAL_WEIGHT = Object.values(PLANET_WEIGHTS).reduce((s, w) => s + w, 0);

export type ProfileLabel = 'low' | 'moderate' | 'high' | 'very_high';

export function profileLabel(score: number): ProfileLabel {
  if (score < 40) return 'low';
  if (score < 55) return 'moderate';
  if (score < 70) return 'high';
  return 'very_high';
}

export interface FeatureValue {
  name: string;
  value: number;
  min: number;
  max: number;
}

export interface DomainProfile {
  domain: Domain;
  description: string;
  significators: string[];
  houses: number[];
  score: number;
  label: ProfileLabel;
  /** Values in FEATURES order. */
  vector: number[];
  features: FeatureValue[];
}

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;

export function domainProfile(view: NatalView, domain: Domain): DomainProfile {
  const def = DOMAIN_DEFS[domain];
  const sigs = def.significators.map((s) => point(view, s));
  const classical = sigs.filter((s) => s.planet !== 'ascendant' && s.planet !== 'midheaven');
  const dignity = classical.length
    ? classical.reduce((s, p) => s + signDignityPoints(p.planet, p.sign), 0) / classical.length / 5
    : 0;
  const firstCusp = view.chart.cusps[def.houses[0]! - 1]!;
  const ruler = SIGN_INFO[signOf(firstCusp)].ruler;
  const rulerDignity = signDignityPoints(ruler, point(view, ruler).sign) / 5;
  let weight = 0;
  for (const [planet, w] of Object.entries(PLANET_WEIGHTS))
    if (def.houses.includes(point(view, planet as RelPoint).house)) weight += w;
  const evenShare = def.houses.length / 12;
  const emphasis = Math.min(1, (weight / TOTAL_WEIGHT / evenShare) * 0.5);
  const angularity =
    sigs.reduce((s, p) => s + { angular: 1, succedent: 0.5, cadent: 0 }[angularityOf(p.house)], 0) / sigs.length;
  const names = new Set<string>(def.significators);
  let support = 0;
  let total = 0;
  for (const a of view.aspects) {
    if (!names.has(a.planet_a) && !names.has(a.planet_b)) continue;
    total += a.strength;
    support += a.strength * (a.tone === 'harmonious' ? 1 : a.tone === 'neutral' ? 0.5 : 0);
  }
  const aspectSupport = total > 0 ? support / total : 0.5;
  const intensity = 1 - Math.exp(-total / 3);
  const moving = sigs.filter(
    (p) => p.planet !== 'ascendant' && p.planet !== 'midheaven' && p.planet !== 'sun' && p.planet !== 'moon',
  );
  const retro = moving.length ? moving.filter((p) => p.is_retrograde).length / moving.length : 0;
  const vector = [dignity, rulerDignity, emphasis, angularity, aspectSupport, intensity, retro].map(r4);
  const score = Math.round(
    100 *
      (0.25 * ((dignity + 1) / 2) +
        0.15 * ((rulerDignity + 1) / 2) +
        0.15 * emphasis +
        0.15 * angularity +
        0.3 * aspectSupport),
  );
  return {
    domain,
    description: def.description,
    significators: [...def.significators],
    houses: [...def.houses],
    score,
    label: profileLabel(score),
    vector,
    features: FEATURES.map((f, i) => ({ name: f.name, value: vector[i]!, min: f.min, max: f.max })),
  };
}

export interface ProductProfile {
  feature_names: string[];
  domains: DomainProfile[];
  strongest_domain: Domain;
  weakest_domain: Domain;
}

export function productProfile(view: NatalView): ProductProfile {
  const domains = DOMAINS.map((d) => domainProfile(view, d));
  // Ties go to the earlier domain in DOMAINS order, so the answer is stable.
  let strongest = domains[0]!;
  let weakest = domains[0]!;
  for (const d of domains) {
    if (d.score > strongest.score) strongest = d;
    if (d.score < weakest.score) weakest = d;
  }
  return {
    feature_names: FEATURES.map((f) => f.name),
    domains,
    strongest_domain: strongest.domain,
    weakest_domain: weakest.domain,
  };
}
