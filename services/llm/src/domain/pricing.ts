// Cost of one call from a per-tier price table in USD per 1000 tokens. The default keeps the spec's
// relative prices (about 1x / 8x / 50x); deployments set their contracted prices with LLM_PRICES.
import { z } from 'zod';
import type { Tier } from './catalog.ts';

export interface Price {
  input: number;
  output: number;
}
export type PriceTable = Record<Tier, Price>;

export const DEFAULT_PRICES: PriceTable = {
  basic: { input: 0.00015, output: 0.0006 },
  standard: { input: 0.0012, output: 0.0048 },
  premium: { input: 0.0075, output: 0.03 },
};

const priceSchema = z.object({ input: z.number().min(0), output: z.number().min(0) });
const tableSchema = z.object({ basic: priceSchema, standard: priceSchema, premium: priceSchema });

export function parsePriceTable(json: string | undefined): PriceTable {
  return json ? tableSchema.parse(JSON.parse(json)) : DEFAULT_PRICES;
}

/** Rounded to a millionth of a dollar so stored and summed values stay exact in JSON. */
export function costUsd(table: PriceTable, tier: Tier, inputTokens: number, outputTokens: number): number {
  const p = table[tier];
  return Math.round(((inputTokens * p.input) / 1000 + (outputTokens * p.output) / 1000) * 1e6) / 1e6;
}
