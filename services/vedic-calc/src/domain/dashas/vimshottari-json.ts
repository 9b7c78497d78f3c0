// The Vimshottari chain written straight as JSON bytes (GetVimshottariResponse, fields in proto order,
// unset fields as null, numbers rounded by the API's one rule in platform json-number.ts): a depth-4
// chain is 6561 periods, and building messages only to stringify them again cost more than the chain
// itself. The handlers map single periods to messages with the same helpers (PeriodTimes, lordView).
import { civilFromDays, roundJsonNumber, stringifyJson } from '@astro/platform';
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

/** `n` as `width` decimal digits (zero-padded) at b[p], then the byte `after`; the position after it. */
function digits(b: Buffer, p: number, n: number, width: number, after: number): number {
  for (let i = width - 1; i >= 0; i--, n = Math.floor(n / 10)) b[p + i] = 48 + (n % 10);
  b[p + width] = after;
  return p + width + 1;
}

/**
 * ASCII written straight into a growing Buffer: a depth-4 answer is ~3 MB, and concatenating it as a
 * string and encoding that to UTF-8 afterwards cost several times the chain itself. Text that may hold
 * non-ASCII characters is encoded once by the caller and copied in with bytes().
 */
export class AsciiWriter {
  private buf: Buffer;
  private pos: number;
  /** The last moment iso() wrote digit by digit, and where: a period's end is the next one's start. */
  private lastIsoMs = NaN;
  private lastIsoAt = 0;
  /** days() texts by length: a depth-4 chain has ~7,400 periods but ~660 distinct lengths. */
  private readonly dayTexts = new Map<number, string>();

  /** @param headroom bytes left free before the text (withHeadroom: room for a message's head) */
  constructor(
    size: number,
    private readonly headroom = 0,
  ) {
    this.buf = this.alloc(headroom + size);
    this.pos = headroom;
  }

  /** Never from Node's shared pool when there is headroom: the bytes in front must be nobody else's. */
  private alloc(n: number): Buffer {
    return this.headroom > 0 ? Buffer.allocUnsafeSlow(n) : Buffer.allocUnsafe(n);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = this.alloc(Math.max(2 * this.buf.length, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  ascii(s: string): void {
    this.room(s.length);
    const b = this.buf;
    let pos = this.pos;
    for (let i = 0; i < s.length; i++) b[pos++] = s.charCodeAt(i);
    this.pos = pos;
  }

  /** A whole UTC millisecond as toISOString() writes it (isoUtc), digit by digit for the years 0-9999. */
  iso(ms: number): void {
    if (ms === this.lastIsoMs) {
      this.room(24);
      this.buf.copyWithin(this.pos, this.lastIsoAt, this.lastIsoAt + 24);
      this.lastIsoAt = this.pos;
      this.pos += 24;
      return;
    }
    const days = Math.floor(ms / MS_PER_DAY);
    const { year, month, day } = civilFromDays(days);
    if (!Number.isInteger(ms) || year < 0 || year > 9999) return this.ascii(isoUtc(ms));
    let rest = ms - days * MS_PER_DAY;
    const hour = Math.floor(rest / 3_600_000);
    rest -= hour * 3_600_000;
    const minute = Math.floor(rest / 60_000);
    rest -= minute * 60_000;
    const second = Math.floor(rest / 1000);
    this.room(24);
    this.lastIsoMs = ms;
    this.lastIsoAt = this.pos;
    let p = digits(this.buf, this.pos, year, 4, 45); // '-'
    p = digits(this.buf, p, month, 2, 45);
    p = digits(this.buf, p, day, 2, 84); // 'T'
    p = digits(this.buf, p, hour, 2, 58); // ':'
    p = digits(this.buf, p, minute, 2, 58);
    p = digits(this.buf, p, second, 2, 46); // '.'
    this.pos = digits(this.buf, p, rest - second * 1000, 3, 90); // 'Z'
  }

  /** A length in milliseconds as days, rounded by the API's rule (duration_days). */
  days(ms: number): void {
    let text = this.dayTexts.get(ms);
    if (text === undefined) this.dayTexts.set(ms, (text = String(roundJsonNumber(ms / MS_PER_DAY))));
    this.ascii(text);
  }

  bytes(x: Uint8Array): void {
    this.room(x.length);
    this.buf.set(x, this.pos);
    this.pos += x.length;
  }

  /**
   * The text written. Answers are cached, so a buffer much larger than its text is copied to size;
   * otherwise it is handed out as it is (copying 3 MB into fresh memory costs more than the writing).
   */
  done(): Buffer {
    const start = this.headroom;
    if (this.pos >= this.buf.length * 0.875) return this.buf.subarray(start, this.pos);
    const out = this.alloc(this.pos);
    this.buf.copy(out, start, start, this.pos);
    return out.subarray(start);
  }
}

/** Bytes per period, a little above the ~415 of a depth-4 answer, to size the buffer once. */
const PERIOD_BYTES = 440;
const LEVEL_HEAD = LEVEL_NAMES.map((name, i) => `{"period_level":"${name}","level":${i + 1},"lord":"`);

/**
 * GetVimshottariResponse as JSON text (UTF-8 bytes); `features` is written as given. With `headroom`,
 * that many free bytes precede the text in its memory (AsciiWriter).
 */
export function vimshottariChainJson(v: VimshottariSubject, depth: number, features: unknown, headroom = 0): Buffer {
  const utf8 = (text: string) => Buffer.from(text);
  // The lord-dependent tail of a period is built once per lord, and the parents once per parent.
  const tails = new Map<string, Buffer>();
  const tailOf = (lord: string): Buffer => {
    let tail = tails.get(lord);
    if (tail === undefined) {
      const lc = lordView(v.contexts.get(lord)!);
      tail = utf8(
        `,"lord_strength":${stringifyJson(lc.lord_strength)},"lord_house":${stringifyJson(lc.lord_house)}` +
          `,"owned_houses":${stringifyJson(lc.owned_houses)},"dignity":${stringifyJson(lc.dignity)}` +
          `,"lord_context":${stringifyJson(lc)}}`,
      );
      tails.set(lord, tail);
    }
    return tail;
  };
  const parentsJson = new Map<VimPeriod['parents'], string>();
  const chain = vimshottariChain(v.birth, depth);
  const count = chain.reduce((n, l) => n + l.length, 0);
  const w = new AsciiWriter(count * PERIOD_BYTES + 4096, headroom);
  const list = (ps: VimPeriod[]) => {
    w.ascii('[');
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i]!;
      let parents = parentsJson.get(p.parents);
      if (parents === undefined) parentsJson.set(p.parents, (parents = JSON.stringify(p.parents)));
      if (i > 0) w.ascii(',');
      w.ascii(LEVEL_HEAD[p.level - 1]!);
      w.ascii(p.lord);
      w.ascii('","parents":');
      w.ascii(parents);
      w.ascii(',"starts_at":"');
      w.iso(p.startMs);
      w.ascii('","ends_at":"');
      w.iso(p.endMs);
      w.ascii('","duration_days":');
      w.days(p.endMs - p.startMs);
      w.bytes(tailOf(p.lord));
    }
    w.ascii(']');
  };
  w.bytes(
    utf8(
      `{"chart_id":${JSON.stringify(v.chartId)},"method_version":${JSON.stringify(METHOD_VERSION)}` +
        `,"birth_dasha_lord":"${v.birth.lord}","birth_dasha_start":"${isoUtc(v.birth.startMs)}"`,
    ),
  );
  const names = ['mahadashas', 'antardashas', 'pratyantardashas', 'sukshmadashas'];
  for (let l = 0; l < 4; l++) {
    w.ascii(`,"${names[l]}":`);
    list(chain[l]!);
  }
  w.bytes(utf8(`,"features_used":${JSON.stringify(features)}}`));
  return w.done();
}
