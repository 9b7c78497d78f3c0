// The API client of one MCP connection: @astro/sdk with the caller's key. Retries are kept short: a
// 429 whose Retry-After is longer than a couple of seconds goes back to the agent as a tool error
// (it decides whether to wait), and every retried request is a request the gateway meters.
import { createAstroClient, type AstroClient } from '@astro/sdk';

export function apiClient(baseUrl: string, apiKey: string): AstroClient {
  return createAstroClient({ baseUrl, token: apiKey, retry: { maxRetries: 1, maxDelayMs: 2000 } });
}
