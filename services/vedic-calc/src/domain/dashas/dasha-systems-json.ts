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
import { chainLevels, LEVEL_NAMES, type ChainPeriod } from './period-chain.ts';
import { isoUtc } from './time.ts';
import { AsciiWriter, lordView } from './vimshottari-json.ts';

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
function contextTail(c: LordContext): Buffer {
  const lc = lordView(c);
  return Buffer.from(
    `,"lord_strength":${stringifyJson(lc.lord_strength)},"lord_house":${stringifyJson(lc.lord_house)}` +
      `,"owned_houses":${stringifyJson(lc.owned_houses)},"dignity":${stringifyJson(lc.dignity)}` +
      `,"lord_context":${stringifyJson(lc)}}`,
  );
}

// Siblings share one parents array: its JSON is written once.
const parentsJson = new WeakMap<string[], string>();
function parentsOf(p: ChainPeriod): string {
  let s = parentsJson.get(p.parents);
  if (s === undefined) parentsJson.set(p.parents, (s = JSON.stringify(p.parents)));
  return s;
}

/** Bytes per period, a little above a Kalachakra period's ~600, to size the buffer once. */
const PERIOD_BYTES = 640;

/**
 * The four level lists written into `w`: each period's fields from period_level to duration_days
 * (the lord under `lordKey`), then `extra(p)` and the lord-context tail.
 */
function writeLevels<P extends ChainPeriod>(
  w: AsciiWriter,
  chain: P[][],
  lordKey: string,
  extra: (p: P) => string,
  tailOf: (p: P) => Buffer,
): void {
  const heads = LEVEL_NAMES.map((name, i) => `{"period_level":"${name}","level":${i + 1},"${lordKey}":"`);
  for (let l = 0; l < 4; l++) {
    w.ascii(`,"${LIST_NAMES[l]}":[`);
    const list = chain[l]!;
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      if (i > 0) w.ascii(',');
      w.ascii(heads[p.level - 1]!);
      w.ascii(p.lord);
      w.ascii('","parents":');
      w.ascii(parentsOf(p));
      w.ascii(',"starts_at":"');
      w.iso(p.startMs);
      w.ascii('","ends_at":"');
      w.iso(p.endMs);
      w.ascii('","duration_days":');
      w.days(p.endMs - p.startMs);
      w.ascii(extra(p));
      w.bytes(tailOf(p));
    }
    w.ascii(']');
  }
}

function memo<K, V>(f: (k: K) => V): (k: K) => V {
  const m = new Map<K, V>();
  return (k) => {
    let v = m.get(k);
    if (v === undefined) m.set(k, (v = f(k)));
    return v;
  };
}

const periodCount = (chain: ChainPeriod[][]) => chain.reduce((n, l) => n + l.length, 0);

/** GetAshtottariResponse or GetKalachakraResponse as JSON text (UTF-8); `features` written as given. */
export function dashaSystemChainJson(s: DashaSystemSubject, depth: number, features: unknown, headroom = 0): Buffer {
  const tail = memo((lord: string) => contextTail(s.contexts.get(lord)!));
  const close = `,"conventions":${JSON.stringify(s.system === 'ashtottari' ? ASHTOTTARI_CONVENTIONS : KALACHAKRA_CONVENTIONS)}`;
  if (s.system === 'ashtottari') {
    const b = s.birth;
    const chain = chainLevels(ashtottariTree(b), depth);
    const w = new AsciiWriter(periodCount(chain) * PERIOD_BYTES + 8192, headroom);
    w.bytes(
      Buffer.from(
        `{"chart_id":${JSON.stringify(s.chartId)},"method_version":"${ASHTOTTARI_METHOD_VERSION}"` +
          `,"birth_nakshatra":"${b.nakshatra}","birth_dasha_lord":"${b.lord}","birth_dasha_start":"${isoUtc(b.startMs)}"` +
          `,"balance_years":${roundJsonNumber(b.balanceYears)},"applicable":${stringifyJson(s.applicable)}`,
      ),
    );
    writeLevels(
      w,
      chain,
      'lord',
      () => '',
      (p) => tail(p.lord),
    );
    w.bytes(Buffer.from(`${close},"features_used":${JSON.stringify(features)}}`));
    return w.done();
  }
  const b = s.birth;
  const c = b.cycle;
  const chain = chainLevels(kalachakraTree(b), depth);
  const w = new AsciiWriter(periodCount(chain) * PERIOD_BYTES + 8192, headroom);
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
  w.bytes(
    Buffer.from(
      `{"chart_id":${JSON.stringify(s.chartId)},"method_version":"${KALACHAKRA_METHOD_VERSION}"` +
        `,"birth_cycle":${JSON.stringify(cycle)},"birth_dasha_sign":"${c.signs[b.position]}"` +
        `,"birth_dasha_start":"${isoUtc(b.startMs)}","balance_years":${roundJsonNumber(b.balanceYears)}`,
    ),
  );
  const extra = memo((key: string) => {
    const [gati, sign] = key.split(':');
    return `,"gati":${gati ? `"${gati}"` : 'null'},"sign_lord":"${rulerOf(sign as Sign)}"`;
  });
  writeLevels(
    w,
    chain,
    'sign',
    (p) => extra(`${p.gati ?? ''}:${p.lord}`),
    (p) => tail(rulerOf(p.lord)),
  );
  w.bytes(Buffer.from(`${close},"features_used":${JSON.stringify(features)}}`));
  return w.done();
}
