// Dasha cards: one card per ANTARDASHA overlapping the window [starts, ends). The antardasha is the
// grain a reader plans with (months to a few years); mahadashas are too coarse and pratyantars too
// many. A card's bounds are the period's own bounds (not clipped to the window).
//
// Signals (rule `card-signals-v1`), read from the antardasha lord's natal context:
//   lord_exalted, lord_moolatrikona, lord_own_sign, lord_debilitated   dignity
//   lord_in_kendra (houses 1, 4, 7, 10), lord_in_trikona (1, 5, 9), lord_in_dusthana (6, 8, 12)
//   lord_rules_dusthana   owns house 6, 8 or 12
//   lord_is_yogakaraka    owns both a kendra (4, 7, 10) and a trikona (5, 9)
//   lord_is_node          rahu or ketu
//   lord_retrograde       retrograde at birth (never for the nodes, always retrograde in mean motion)
//   own_antardasha        the antardasha lord is the mahadasha lord
// Houses are whole-sign from the ascendant sign.
import type { LordContext } from './lord-context.ts';
import type { VimPeriod } from './vimshottari.ts';

export const CARD_SIGNALS_RULE = 'card-signals-v1';

const KENDRA = new Set([1, 4, 7, 10]);
const TRIKONA = new Set([1, 5, 9]);
const DUSTHANA = new Set([6, 8, 12]);

export function cardSignals(period: VimPeriod, ctx: LordContext): string[] {
  const s: string[] = [];
  if (ctx.dignity === 'exalted') s.push('lord_exalted');
  if (ctx.dignity === 'moolatrikona') s.push('lord_moolatrikona');
  if (ctx.dignity === 'own_sign') s.push('lord_own_sign');
  if (ctx.dignity === 'debilitated') s.push('lord_debilitated');
  const h = ctx.lord_house;
  if (h !== null && KENDRA.has(h)) s.push('lord_in_kendra');
  if (h !== null && TRIKONA.has(h)) s.push('lord_in_trikona');
  if (h !== null && DUSTHANA.has(h)) s.push('lord_in_dusthana');
  if (ctx.owned_houses.some((x) => DUSTHANA.has(x))) s.push('lord_rules_dusthana');
  if (ctx.owned_houses.some((x) => x !== 1 && KENDRA.has(x)) && ctx.owned_houses.some((x) => x !== 1 && TRIKONA.has(x)))
    s.push('lord_is_yogakaraka');
  const node = ctx.lord === 'rahu' || ctx.lord === 'ketu';
  if (node) s.push('lord_is_node');
  if (!node && ctx.is_retrograde) s.push('lord_retrograde');
  if (period.parents.length > 0 && period.parents[period.parents.length - 1] === period.lord) s.push('own_antardasha');
  return s;
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function cardTitle(period: VimPeriod): string {
  return `${cap(period.parents[0] ?? period.lord)} mahadasha, ${cap(period.lord)} antardasha`;
}

/** Antardashas overlapping [startMs, endMs) (period.start < end and period.end > start). */
export function overlapping(antardashas: readonly VimPeriod[], startMs: number, endMs: number): VimPeriod[] {
  return antardashas.filter((p) => p.startMs < endMs && p.endMs > startMs);
}
