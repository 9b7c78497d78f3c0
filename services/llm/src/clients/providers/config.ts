// LLM_PROVIDERS: a JSON array of OpenAI-compatible providers, tried in order. Each names its model per
// tier; the API key is optional (self-hosted servers often have none). Unset or empty = offline writer.
import { z } from 'zod';
import type { OpenAiProviderConfig } from './openai-compatible.ts';

const schema = z
  .array(
    z.object({
      name: z.string().min(1),
      base_url: z.string().url(),
      api_key: z.string().optional(),
      models: z.object({ basic: z.string().min(1), standard: z.string().min(1), premium: z.string().min(1) }),
    }),
  )
  .max(10);

export function parseProviders(json: string | undefined): OpenAiProviderConfig[] {
  if (!json || !json.trim()) return [];
  return schema.parse(JSON.parse(json));
}
