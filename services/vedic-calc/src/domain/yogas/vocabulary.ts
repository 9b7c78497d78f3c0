// The predicate vocabulary yoga rules are written in: a small declarative expression tree, evaluated
// against a YogaChart (its text rendering is text.ts). A rule is data (see catalogue/*.ts); this
// module is the only code that gives the data meaning. Each satisfied leaf reports the grahas it matched,
// so a formed yoga can say which planets (and so which houses) formed it.
import { EXALTATION, rulerOf, SIGNS, type ClassicalPlanet, type Sign } from '@astro/astro-core';
import {
  aspectsSign,
  BENEFICS,
  dignityOf,
  houseFrom,
  isClassical,
  lordOfHouse,
  MALEFICS,
  MALEFICS_WITH_NODES,
  SEVEN,
  signOfHouse,
  TARA,
  type Graha,
  type YogaChart,
} from './chart.ts';

/** A placeholder bound by a rule family (e.g. `{ $: 'k' }` for "each kendra k"). */
export interface Var {
  $: string;
}
export type Num = number | Var;

/** A graha named directly, through a variable, or by a relation (lord of a house, dispositor, ...). */
export type PlanetRef =
  | Graha
  | Var
  /** Lord of house `lord` counted from the lagna (default) or from the Moon's sign. */
  | { lord: Num; from?: 'lagna' | 'moon' }
  /** Lord of the sign the planet occupies. */
  | { dispositor: PlanetRef }
  /** The planet whose exaltation sign is the sign the planet occupies (none for leo, scorpio, ...). */
  | { exalted_here: PlanetRef }
  /** Lord of the planet's own exaltation sign. */
  | { exaltation_lord: PlanetRef };

/** Where houses are counted from: the lagna or the sign of a graha. */
export type Origin = 'lagna' | PlanetRef;

export type Group = 'benefics' | 'malefics' | 'malefics_with_nodes' | 'tara' | 'seven' | readonly Graha[];

/** Dignity classes over astro-core's dignities; `friend` covers friend and great friend, `enemy` likewise. */
export type DignityClass = 'exalted' | 'moolatrikona' | 'own_sign' | 'friend' | 'neutral' | 'enemy' | 'debilitated';

export type Expr =
  | { all: Expr[] }
  | { any: Expr[] }
  | { not: Expr }
  /** The planet is in one of the houses counted from the origin. */
  | { in_house: { planet: PlanetRef; houses: Num[]; from?: Origin } }
  | { in_sign: { planet: PlanetRef; signs: Sign[] } }
  | { dignity: { planet: PlanetRef; is: DignityClass[] } }
  /** All the planets in one sign. */
  | { conjunct: { planets: PlanetRef[] } }
  /** Graha drishti of `from` on the sign of `to`. */
  | { aspects: { from: PlanetRef; to: PlanetRef } }
  /** Parivartana: each in a sign of the other. */
  | { exchange: { a: PlanetRef; b: PlanetRef } }
  /** Sambandha: conjunction, mutual aspect or exchange (BPHS ch. 39 reads the raja yoga relation so). */
  | { associated: { a: PlanetRef; b: PlanetRef } }
  | { different: { a: PlanetRef; b: PlanetRef } }
  | { less: { a: Num; b: Num } }
  /** At least `at_least` (default 1; `each` = all) of the houses hold a member of the group. */
  | { occupied: { houses: Num[]; from?: Origin; group: Group; at_least?: number | 'each' } }
  /** No member of the group in any of the houses. */
  | { empty: { houses: Num[]; from?: Origin; group: Group } }
  /** Every member of the group within the houses (from the origin) or the signs. */
  | { confined: { group: Group; houses?: Num[]; from?: Origin; signs?: Sign[] } }
  /** The group's members occupy exactly `count` distinct signs. */
  | { sign_count: { group: Group; count: number } };

export type Env = Readonly<Record<string, number | Graha>>;

export interface Match {
  ok: boolean;
  planets: Set<Graha>;
}

export const isVar = (x: unknown): x is Var => typeof x === 'object' && x !== null && '$' in x;

function num(n: Num, env: Env): number {
  if (!isVar(n)) return n;
  const v = env[n.$];
  if (typeof v !== 'number') throw new Error(`variable ${n.$} is not a number`);
  return v;
}

const EXALTED_IN: Readonly<Record<number, ClassicalPlanet>> = Object.fromEntries(
  SEVEN.map((p) => [SIGNS.indexOf(EXALTATION[p].sign), p]),
);

/** The graha a reference names, or null when the relation names none (no planet is exalted in leo). */
export function resolve(ref: PlanetRef, chart: YogaChart, env: Env): Graha | null {
  if (typeof ref === 'string') return ref;
  if (isVar(ref)) {
    const v = env[ref.$];
    if (typeof v !== 'string') throw new Error(`variable ${ref.$} is not a planet`);
    return v;
  }
  if ('lord' in ref) {
    const origin = ref.from === 'moon' ? chart.signs.moon : chart.lagna;
    return lordOfHouse(origin, num(ref.lord, env));
  }
  if ('dispositor' in ref) {
    const g = resolve(ref.dispositor, chart, env);
    return g === null ? null : rulerOf(SIGNS[chart.signs[g]]!);
  }
  if ('exalted_here' in ref) {
    const g = resolve(ref.exalted_here, chart, env);
    return g === null ? null : (EXALTED_IN[chart.signs[g]] ?? null);
  }
  const g = resolve(ref.exaltation_lord, chart, env);
  return g === null || !isClassical(g) ? null : rulerOf(EXALTATION[g].sign);
}

/** The graha houses are counted from, if any: a rule about houses from the Moon involves the Moon. */
function originPlanet(origin: Origin | undefined, chart: YogaChart, env: Env): Graha[] {
  if (origin === undefined || origin === 'lagna') return [];
  const g = resolve(origin, chart, env);
  return g === null ? [] : [g];
}

function originSign(origin: Origin | undefined, chart: YogaChart, env: Env): number | null {
  if (origin === undefined || origin === 'lagna') return chart.lagna;
  const g = resolve(origin, chart, env);
  return g === null ? null : chart.signs[g];
}

export function members(group: Group): readonly Graha[] {
  if (typeof group !== 'string') return group;
  return { benefics: BENEFICS, malefics: MALEFICS, malefics_with_nodes: MALEFICS_WITH_NODES, tara: TARA, seven: SEVEN }[
    group
  ];
}

const DIGNITY_CLASS: Readonly<Record<string, DignityClass>> = {
  exalted: 'exalted',
  moolatrikona: 'moolatrikona',
  own_sign: 'own_sign',
  great_friend: 'friend',
  friend: 'friend',
  neutral: 'neutral',
  enemy: 'enemy',
  great_enemy: 'enemy',
  debilitated: 'debilitated',
};

const NO: Match = { ok: false, planets: new Set() };
const yes = (planets: Iterable<Graha>): Match => ({ ok: true, planets: new Set(planets) });
const when = (ok: boolean, planets: Iterable<Graha>): Match => (ok ? yes(planets) : NO);

/** Evaluate an expression; a satisfied expression reports the grahas its satisfied leaves matched. */
export function evaluate(expr: Expr, chart: YogaChart, env: Env = {}): Match {
  const planet = (r: PlanetRef) => resolve(r, chart, env);
  if ('all' in expr) {
    const out = new Set<Graha>();
    for (const e of expr.all) {
      const m = evaluate(e, chart, env);
      if (!m.ok) return NO;
      m.planets.forEach((p) => out.add(p));
    }
    return yes(out);
  }
  if ('any' in expr) {
    const out = new Set<Graha>();
    let ok = false;
    for (const e of expr.any) {
      const m = evaluate(e, chart, env);
      if (m.ok) {
        ok = true;
        m.planets.forEach((p) => out.add(p));
      }
    }
    return when(ok, out);
  }
  // A negation matches no planet: "no planet in the 2nd" names nobody.
  if ('not' in expr) return when(!evaluate(expr.not, chart, env).ok, []);
  if ('in_house' in expr) {
    const { houses, from } = expr.in_house;
    const g = planet(expr.in_house.planet);
    const ref = originSign(from, chart, env);
    if (g === null || ref === null) return NO;
    const hs = houses.map((h) => num(h, env));
    return when(hs.includes(houseFrom(ref, chart.signs[g])), [g, ...originPlanet(from, chart, env)]);
  }
  if ('in_sign' in expr) {
    const g = planet(expr.in_sign.planet);
    return g === null ? NO : when(expr.in_sign.signs.includes(SIGNS[chart.signs[g]]!), [g]);
  }
  if ('dignity' in expr) {
    const g = planet(expr.dignity.planet);
    const d = g === null ? null : dignityOf(chart, g);
    return d === null ? NO : when(expr.dignity.is.includes(DIGNITY_CLASS[d]!), [g!]);
  }
  if ('conjunct' in expr) {
    const gs = expr.conjunct.planets.map(planet);
    if (gs.some((g) => g === null)) return NO;
    const signs = new Set(gs.map((g) => chart.signs[g!]));
    return when(signs.size === 1, gs as Graha[]);
  }
  if ('aspects' in expr) {
    const a = planet(expr.aspects.from);
    const b = planet(expr.aspects.to);
    return a === null || b === null ? NO : when(aspectsSign(chart, a, chart.signs[b]), [a, b]);
  }
  if ('exchange' in expr) {
    const a = planet(expr.exchange.a);
    const b = planet(expr.exchange.b);
    if (a === null || b === null || a === b || !isClassical(a) || !isClassical(b)) return NO;
    const ok = rulerOf(SIGNS[chart.signs[a]]!) === b && rulerOf(SIGNS[chart.signs[b]]!) === a;
    return when(ok, [a, b]);
  }
  if ('associated' in expr) {
    const { a, b } = expr.associated;
    return evaluate(
      {
        any: [
          { conjunct: { planets: [a, b] } },
          { all: [{ aspects: { from: a, to: b } }, { aspects: { from: b, to: a } }] },
          { exchange: { a, b } },
        ],
      },
      chart,
      env,
    );
  }
  if ('different' in expr) {
    const a = planet(expr.different.a);
    const b = planet(expr.different.b);
    return when(a !== null && b !== null && a !== b, []);
  }
  if ('less' in expr) return when(num(expr.less.a, env) < num(expr.less.b, env), []);
  if ('occupied' in expr) {
    const { houses, from, group, at_least } = expr.occupied;
    const ref = originSign(from, chart, env);
    if (ref === null) return NO;
    const who = members(group);
    const found = new Set<Graha>(originPlanet(from, chart, env));
    let filled = 0;
    for (const h of houses) {
      const sign = signOfHouse(ref, num(h, env));
      const here = who.filter((g) => chart.signs[g] === sign);
      if (here.length > 0) filled++;
      here.forEach((g) => found.add(g));
    }
    const need = at_least === 'each' ? houses.length : (at_least ?? 1);
    return when(filled >= need, found);
  }
  if ('empty' in expr) {
    const { houses, from, group } = expr.empty;
    const ref = originSign(from, chart, env);
    if (ref === null) return NO;
    const signs = houses.map((h) => signOfHouse(ref, num(h, env)));
    return when(!members(group).some((g) => signs.includes(chart.signs[g])), originPlanet(from, chart, env));
  }
  if ('confined' in expr) {
    const { group, houses, from, signs } = expr.confined;
    const ref = originSign(from, chart, env);
    if (ref === null) return NO;
    const who = members(group);
    const ok = who.every((g) => {
      const s = chart.signs[g];
      const inHouses = houses === undefined || houses.map((h) => num(h, env)).includes(houseFrom(ref, s));
      const inSigns = signs === undefined || signs.includes(SIGNS[s]!);
      return inHouses && inSigns;
    });
    return when(ok, [...who, ...originPlanet(from, chart, env)]);
  }
  const who = members(expr.sign_count.group);
  return when(new Set(who.map((g) => chart.signs[g])).size === expr.sign_count.count, who);
}

/** Every variable binding of a family's domains (cartesian product, in the order given). */
export function bindings(vars: Readonly<Record<string, readonly (number | Graha)[]>> | undefined): Env[] {
  let out: Record<string, number | Graha>[] = [{}];
  for (const [name, values] of Object.entries(vars ?? {}))
    out = out.flatMap((env) => values.map((v) => ({ ...env, [name]: v })));
  return out;
}
