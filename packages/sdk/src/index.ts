// @astro/sdk: a typed client of the Astrology API (README "TypeScript SDK").
export {
  createAstroClient,
  type AstroClient,
  type AstroClientOptions,
  type StreamInit,
  type StreamPath,
} from './client.ts';
export { ApiError, toApiError, type ErrorEnvelope } from './errors.ts';
export { retryingFetch, retryAfterMs, type RetryOptions } from './retry.ts';
export { readEvents, type StreamEvent } from './sse.ts';
export type { paths, components, operations } from './schema.ts';
