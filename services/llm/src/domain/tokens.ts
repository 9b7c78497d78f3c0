// Token counts with a real BPE tokenizer (o200k_base, the encoding of current OpenAI chat models), so
// usage and cost do not depend on whether the provider reports usage in its stream.
import { countTokens as count } from 'gpt-tokenizer/encoding/o200k_base';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export function countTokens(text: string): number {
  return text ? count(text) : 0;
}

/** Prompt tokens of a chat request: each message's text plus the chat format's 3 tokens of framing. */
export function countPromptTokens(messages: ChatMessage[]): number {
  return messages.reduce((n, m) => n + 3 + countTokens(m.role) + countTokens(m.content), 3);
}
