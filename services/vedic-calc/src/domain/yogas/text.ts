// The rule language rendered as text: the catalogue's rule_text and strength_rule. Reads the same
// expression tree the engine evaluates, so the text cannot drift from the rule.
import { isVar, type Expr, type Group, type Num, type Origin, type PlanetRef } from './vocabulary.ts';

const ORD = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const numText = (n: Num) => (isVar(n) ? n.$ : ORD(n));
const housesText = (hs: Num[]) => hs.map(numText).join('/');

export function refText(r: PlanetRef): string {
  if (typeof r === 'string') return r;
  if (isVar(r)) return r.$;
  if ('lord' in r)
    return `lord of house ${isVar(r.lord) ? r.lord.$ : r.lord}${r.from === 'moon' ? ' from the moon' : ''}`;
  if ('dispositor' in r) return `dispositor of ${refText(r.dispositor)}`;
  if ('exalted_here' in r) return `planet exalted in the sign of ${refText(r.exalted_here)}`;
  return `lord of the exaltation sign of ${refText(r.exaltation_lord)}`;
}

const originText = (o: Origin | undefined) => (o === undefined || o === 'lagna' ? 'the lagna' : refText(o));
const groupText = (g: Group) => (typeof g === 'string' ? g.replace(/_/g, ' ') : g.join('/'));

export function exprText(e: Expr): string {
  if ('all' in e) return `(${e.all.map(exprText).join(' AND ')})`;
  if ('any' in e) return `(${e.any.map(exprText).join(' OR ')})`;
  if ('not' in e) return `NOT ${exprText(e.not)}`;
  if ('in_house' in e)
    return `${refText(e.in_house.planet)} in house ${housesText(e.in_house.houses)} from ${originText(e.in_house.from)}`;
  if ('in_sign' in e) return `${refText(e.in_sign.planet)} in ${e.in_sign.signs.join('/')}`;
  if ('dignity' in e) return `${refText(e.dignity.planet)} ${e.dignity.is.join('/')}`;
  if ('conjunct' in e) return `${e.conjunct.planets.map(refText).join(' + ')} in one sign`;
  if ('aspects' in e) return `${refText(e.aspects.from)} aspects ${refText(e.aspects.to)}`;
  if ('exchange' in e) return `${refText(e.exchange.a)} and ${refText(e.exchange.b)} exchange signs`;
  if ('associated' in e)
    return `${refText(e.associated.a)} associated with ${refText(e.associated.b)} (conjunction, mutual aspect or exchange)`;
  if ('different' in e) return `${refText(e.different.a)} is not ${refText(e.different.b)}`;
  if ('less' in e) return `${numText(e.less.a)} before ${numText(e.less.b)}`;
  if ('occupied' in e) {
    const { houses, from, group, at_least } = e.occupied;
    const q = at_least === 'each' ? 'each of' : at_least && at_least > 1 ? `at least ${at_least} of` : 'any of';
    return `${q} houses ${housesText(houses)} from ${originText(from)} holds ${groupText(group)}`;
  }
  if ('empty' in e)
    return `no ${groupText(e.empty.group)} in houses ${housesText(e.empty.houses)} from ${originText(e.empty.from)}`;
  if ('confined' in e) {
    const { group, houses, from, signs } = e.confined;
    const where = [houses && `houses ${housesText(houses)} from ${originText(from)}`, signs && signs.join('/')];
    return `all ${groupText(group)} in ${where.filter(Boolean).join(' and ')}`;
  }
  return `${groupText(e.sign_count.group)} occupy exactly ${e.sign_count.count} signs`;
}
