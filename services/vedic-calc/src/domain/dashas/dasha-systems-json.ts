// The Ashtottari and Kalachakra chains written as JSON text (GetAshtottariResponse and
// GetKalachakraResponse, fields in proto order, unset fields as null, numbers by the API's one rounding
// rule): a depth-4 chain is thousands of periods, written as text once rather than built as messages
// and re-encoded. Each period's lord-dependent tail is built once per lord, each ISO time once.
import { roundJsonNumber, stringifyJson } from '@astro/platform';
import { rulerOf, type Sign } from '@astro/astro-core';
import { ASHTOTTARI_METHOD_VERSION, ashtottariTree, type AshtottariBirth } from './ashtottari.ts';
import { ASHTOTTARI_CONVENTIONS, KALACHAKRA_CONVENTIONS } from './dasha-systems-conventions.ts';
import { KALACHAKRA_METHOD_VERSION, kalachakraTree, type KalachakraBirth } from './kalachakra.ts';
import type { LordContext } from './lord-context.ts';
import { chainLevels, LEVEL_NAMES, type ChainPeriod, type DashaTree } from './period-chain.ts';
import { isoUtc, MS_PER_DAY } from './time.ts';
import { lordView, PeriodTimes } from './vimshottari-json.ts';

export type DashaSystemSubject =
  | {
      system: 'ashtottari';
      chartId: string;
      birth: AshtottariBirth;
      applicable: boolean | null;
      contexts: Map<string, LordContext>;
    }
  | { system: 'kalachakra'; chartId: string; birth: KalachakraBirth; contexts: Map<string, LordContext> };

const LIST_NAMES = ['mahadashas', 'antardashas', 'pratyantardashas', 'sukshmadashas'];

/** The lord-context fields of a period, from `,"lord_strength"` to the closing brace. */
function contextTail(c: LordContext): string {
  const lc = lordView(c);
  return (
    `,"lord_strength":${stringifyJson(lc.lord_strength)},"lord_house":${stringifyJson(lc.lord_house)}` +
    `,"owned_houses":${stringifyJson(lc.owned_houses)},"dignity":${stringifyJson(lc.dignity)}` +
    `,"lord_context":${stringifyJson(lc)}}`
  );
}

/** The four level lists; `head(p)` writes a period's fields before its lord context. */
function levelsJson<P extends ChainPeriod>(
  tree: DashaTree<P>,
  depth: number,
  head: (p: P, times: PeriodTimes) => string,
  tailOf: (p: P) => string,
): string {
  const times = new PeriodTimes();
  const parts: string[] = [];
  const chain = chainLevels(tree, depth);
  for (let l = 0; l < 4; l++) {
    parts.push(`,"${LIST_NAMES[l]}":[`);
    chain[l]!.forEach((p, i) => parts.push((i > 0 ? ',' : '') + head(p, times) + tailOf(p)));
    parts.push(']');
  }
  return parts.join('');
}

/** Fields shared by both period shapes, from period_level to duration_days. */
function timing(p: ChainPeriod, times: PeriodTimes, lordKey: string): string {
  return (
    `{"period_level":"${LEVEL_NAMES[p.level - 1]}","level":${p.level},"${lordKey}":"${p.lord}"` +
    `,"parents":${JSON.stringify(p.parents)},"starts_at":"${times.time(p.startMs)}","ends_at":"${times.time(p.endMs)}"` +
    `,"duration_days":${roundJsonNumber((p.endMs - p.startMs) / MS_PER_DAY)}`
  );
}

function memo<K, V>(f: (k: K) => V): (k: K) => V {
  const m = new Map<K, V>();
  return (k) => {
    let v = m.get(k);
    if (v === undefined) m.set(k, (v = f(k)));
    return v;
  };
}

/** GetAshtottariResponse or GetKalachakraResponse as JSON text (UTF-8); `features` written as given. */
export function dashaSystemChainJson(s: DashaSystemSubject, depth: number, features: unknown): Buffer {
  const tail = memo((lord: string) => contextTail(s.contexts.get(lord)!));
  if (s.system === 'ashtottari') {
    const b = s.birth;
    const lists = levelsJson(
      ashtottariTree(b),
      depth,
      (p, t) => timing(p, t, 'lord'),
      (p) => tail(p.lord),
    );
    return Buffer.from(
      `{"chart_id":${JSON.stringify(s.chartId)},"method_version":"${ASHTOTTARI_METHOD_VERSION}"` +
        `,"birth_nakshatra":"${b.nakshatra}","birth_dasha_lord":"${b.lord}","birth_dasha_start":"${isoUtc(b.startMs)}"` +
        `,"balance_years":${roundJsonNumber(b.balanceYears)},"applicable":${stringifyJson(s.applicable)}` +
        `${lists},"conventions":${JSON.stringify(ASHTOTTARI_CONVENTIONS)},"features_used":${JSON.stringify(features)}}`,
    );
  }
  const b = s.birth;
  const c = b.cycle;
  const lists = levelsJson(
    kalachakraTree(b),
    depth,
    (p, t) => timing(p, t, 'sign') + `,"gati":${stringifyJson(p.gati)},"sign_lord":"${rulerOf(p.lord)}"`,
    (p) => tail(rulerOf(p.lord as Sign)),
  );
  const cycle = {
    nakshatra: c.nakshatra,
    pada: c.pada,
    direction: c.direction,
    group: c.group,
    signs: c.signs,
    paramayus_years: c.paramayus,
    deha_sign: c.deha,
    jeeva_sign: c.jeeva,
  };
  return Buffer.from(
    `{"chart_id":${JSON.stringify(s.chartId)},"method_version":"${KALACHAKRA_METHOD_VERSION}"` +
      `,"birth_cycle":${JSON.stringify(cycle)},"birth_dasha_sign":"${c.signs[b.position]}"` +
      `,"birth_dasha_start":"${isoUtc(b.startMs)}","balance_years":${roundJsonNumber(b.balanceYears)}` +
      `${lists},"conventions":${JSON.stringify(KALACHAKRA_CONVENTIONS)},"features_used":${JSON.stringify(features)}}`,
  );
}
