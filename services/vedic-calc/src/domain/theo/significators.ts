// The 133 significators of the probability engine live in one table shared by the fleet
// (packages/astro-core/src/significators.ts, sources named there).
export { DEFAULT_THEMES, SIGNIFICATORS, significator, type Significator } from '@astro/astro-core';
