// The llm service keeps its own copy of the 133 significators (services share no code); it must equal
// vedic-calc's table, which the probability engine behind the theme route reads.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { THEMES } from '../services/llm/src/domain/themes.ts';
import { SIGNIFICATORS } from '../services/vedic-calc/src/domain/theo/significators.ts';

it('the llm theme table equals vedic-calc’s 133 significators', () => {
  assert.equal(SIGNIFICATORS.length, 133);
  assert.deepEqual(
    [...THEMES].map(([theme, d]) => ({ theme, karaka: d.karaka, house: d.house })),
    SIGNIFICATORS.map((s) => ({ theme: s.theme, karaka: s.karaka, house: s.house })),
  );
});
