// The Vimshottari chain written straight as JSON text (GetVimshottariResponse, fields in proto order,
// unset fields as null, numbers rounded by the API's one rule in platform json-number.ts): a depth-4
// chain is 6561 periods, and building messages only to stringify them again cost more than the chain
// itself. The handlers map single periods to messages with the same helpers (PeriodTimes, lordView).
import { roundJsonNumber, stringifyJson } from '@astro/platform';
import type { LordContext } from './lord-context.ts';
import { isoUtc, MS_PER_DAY } from './time.ts';
import { LEVEL_NAMES, METHOD_VERSION, vimshottariChain, type VimBirth, type VimPeriod } from './vimshottari.ts';

/** A lord's context as the API shows it: nulls left out (written as null in JSON). */
export interface LordView {
  lord: string;
  lord_strength: number | undefined;
  lord_house: number | undefined;
  owned_houses: number[];
  dignity: string | undefined;
  sign: string | undefined;
  nakshatra: string | undefined;
}

export function lordView(c: LordContext): LordView {
  return {
    lord: c.lord,
    lord_strength: c.lord_strength ?? undefined,
    lord_house: c.lord_house ?? undefined,
    owned_houses: c.owned_houses,
    dignity: c.dignity ?? undefined,
    sign: c.sign ?? undefined,
    nakshatra: c.nakshatra ?? undefined,
  };
}

/** ISO strings of period boundaries, memoised: boundaries repeat across levels. */
export class PeriodTimes {
  private readonly iso = new Map<number, string>();

  time(ms: number): string {
    let s = this.iso.get(ms);
    if (s === undefined) this.iso.set(ms, (s = isoUtc(ms)));
    return s;
  }
}

export interface VimshottariSubject {
  chartId: string;
  birth: VimBirth;
  contexts: Map<string, LordContext>;
}

/** GetVimshottariResponse as JSON text; `features` is written as given. */
export function vimshottariChainJson(v: VimshottariSubject, depth: number, features: unknown): string {
  const times = new PeriodTimes();
  const tails = new Map<string, string>();
  // The lord-dependent tail of a period is built once per lord.
  const periodJson = (p: VimPeriod): string => {
    let tail = tails.get(p.lord);
    if (tail === undefined) {
      const lc = lordView(v.contexts.get(p.lord)!);
      tail =
        `,"lord_strength":${stringifyJson(lc.lord_strength)},"lord_house":${stringifyJson(lc.lord_house)}` +
        `,"owned_houses":${stringifyJson(lc.owned_houses)},"dignity":${stringifyJson(lc.dignity)}` +
        `,"lord_context":${stringifyJson(lc)}}`;
      tails.set(p.lord, tail);
    }
    return (
      `{"period_level":"${LEVEL_NAMES[p.level - 1]!}","level":${p.level},"lord":"${p.lord}"` +
      `,"parents":${JSON.stringify(p.parents)},"starts_at":"${times.time(p.startMs)}","ends_at":"${times.time(p.endMs)}"` +
      `,"duration_days":${roundJsonNumber((p.endMs - p.startMs) / MS_PER_DAY)}${tail}`
    );
  };
  const [l1, l2, l3, l4] = vimshottariChain(v.birth, depth);
  const list = (ps: VimPeriod[]) => `[${ps.map(periodJson).join(',')}]`;
  return (
    `{"chart_id":${JSON.stringify(v.chartId)},"method_version":${JSON.stringify(METHOD_VERSION)}` +
    `,"birth_dasha_lord":"${v.birth.lord}","birth_dasha_start":"${times.time(v.birth.startMs)}"` +
    `,"mahadashas":${list(l1!)},"antardashas":${list(l2!)},"pratyantardashas":${list(l3!)}` +
    `,"sukshmadashas":${list(l4!)},"features_used":${JSON.stringify(features)}}`
  );
}
