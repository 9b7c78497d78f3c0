// Shared plumbing of the Theo, predict and readings handlers: chart facts from a stored chart, the
// strength inputs (shadbala, composite, ashtakavarga, bhava bala from domain/strength and
// domain/ashtakavarga, adapted to domain/theo/inputs.ts), and query parsing.
import {
  AppError,
  awareInstant,
  invalidRequest,
  jsonHttpBody,
  stringifyJson,
  type HttpBodyAnswer,
} from '@astro/platform';
import type { StoredChart } from '../clients/chart-source.ts';
import type { StrengthProfile } from '../domain/strength/index.ts';
import { chartFacts, MissingBodyError, type ChartFacts } from '../domain/theo/facts.ts';
import type { StrengthInputs } from '../domain/theo/inputs.ts';
import { chartStrength } from './strength-source.ts';

/** Facts of a stored chart; a chart without its ascendant or a graha answers 422 `missingCode`. */
export function factsOf(stored: StoredChart, missingCode = 'missing_ascendant_or_moon'): ChartFacts {
  try {
    return chartFacts(stored.chart?.planets ?? []);
  } catch (err) {
    if (err instanceof MissingBodyError)
      throw new AppError(missingCode, `The chart has no ${err.message}.`, { missing: err.message });
    throw err;
  }
}

/**
 * Adapter to the strength building blocks: the profile the strength routes compute
 * (handlers/strength-source.ts: shadbala, composite, ashtakavarga, bhava bala) mapped to StrengthInputs,
 * so the Theo and probability views read exactly the numbers /shadbala and /strength/* answer.
 */
export function strengthOf(stored: StoredChart): { inputs: StrengthInputs; profile: StrengthProfile } {
  const { profile } = chartStrength(stored);
  const shadbala = {} as StrengthInputs['shadbala'];
  for (const e of profile.shadbala.entries)
    shadbala[e.planet] = {
      naisargika: e.naisargika,
      dig: e.dig,
      uchcha: e.uchcha,
      drik: e.drik,
      kala: e.kala,
      chesta: e.chesta,
      other_sthana: e.other_sthana,
      missing: e.simplified ? ['unspecified'] : [],
    };
  const composite = {} as StrengthInputs['composite'];
  for (const c of profile.composite) composite[c.planet] = c.score;
  return {
    profile,
    inputs: {
      shadbala,
      composite,
      bav: profile.ashtakavarga.bhinna,
      sav: profile.ashtakavarga.sarva,
      bhavaBala: profile.bhavaBala.map((b) => b.total),
    },
  };
}

/** An optional timezone-aware instant (default now); naive -> the field's naive code (platform). */
export function optionalAt(value: string | undefined, field = 'at'): { ms: number; iso: string } {
  if (value === undefined || value === '') {
    const ms = Date.now();
    return { ms, iso: new Date(ms).toISOString() };
  }
  return requiredAt(value, field);
}

/** Transit positions are computed for years 1000-3000 (the chart service's birth-year range). */
const MIN_AT_YEAR = 1000;
const MAX_AT_YEAR = 3000;

export function requiredAt(value: string | undefined, field = 'at'): { ms: number; iso: string } {
  const ms = awareInstant(field, value);
  const year = new Date(ms).getUTCFullYear();
  if (year < MIN_AT_YEAR || year > MAX_AT_YEAR)
    throw invalidRequest([
      { field, reason: 'out_of_range', message: `year must be from ${MIN_AT_YEAR} to ${MAX_AT_YEAR}` },
    ]);
  return { ms, iso: value! };
}

/** A JSON HttpBody answer; numbers rounded by the API's one rule (platform json-number.ts). */
export const json = (body: unknown): HttpBodyAnswer => jsonHttpBody(stringifyJson(body));
