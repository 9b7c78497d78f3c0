// The client of the llm service's LlmRewriteService against a stand-in server on port 0: rewritten
// text is mapped back by statement id, the llm service's own errors pass through, and an absent or
// misbehaving llm service becomes the spec's 503 llm_unavailable (never a 500).
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { LlmRewriteServiceService, type RewriteItem } from '@astro/protos/astro/llm/v1/rewrite';
import { AppError, createLogger, service, startGrpcServer, type RunningServer } from '@astro/platform';
import { freePort } from '../../../scripts/fleet.ts';
import { LlmRewriter } from '../src/clients/llm-rewriter.ts';

let mode: 'ok' | 'budget' | 'incomplete' | 'slow' = 'ok';
let server: RunningServer;

const items: RewriteItem[] = [
  { statement_id: 's1', text: 'Drive is a dependable strength, supported by Mars.' },
  { statement_id: 's2', text: 'Empathy is present but uneven.' },
];
const req = { tenantId: 't', chartId: 'c', tone: 'coach', language: 'en', items };

before(async () => {
  server = await startGrpcServer({
    port: 0,
    logger: createLogger('test', 'error'),
    services: [
      service('astro.llm.v1.LlmRewriteService', LlmRewriteServiceService, {
        rewriteStatements: async (r) => {
          if (mode === 'budget') throw new AppError('llm_budget_exceeded');
          if (mode === 'slow') await new Promise((res) => setTimeout(res, 1500));
          const out = r.items.map((i) => ({ statement_id: i.statement_id, text: `[${r.tone}] ${i.text}` }));
          return { items: mode === 'incomplete' ? out.slice(1) : out.reverse() };
        },
      }),
    ],
  });
});
after(() => server.shutdown(0));

describe('LlmRewriter', () => {
  it('maps the rewritten text back by statement id, in request order', async () => {
    mode = 'ok';
    const r = new LlmRewriter(`127.0.0.1:${server.port}`, 5000);
    const out = await r.rewrite(req);
    assert.deepEqual(out, [
      { statement_id: 's1', text: '[coach] Drive is a dependable strength, supported by Mars.' },
      { statement_id: 's2', text: '[coach] Empathy is present but uneven.' },
    ]);
    r.close();
  });

  it("passes the llm service's own errors through (429 llm_budget_exceeded)", async () => {
    mode = 'budget';
    const r = new LlmRewriter(`127.0.0.1:${server.port}`, 5000);
    await assert.rejects(r.rewrite(req), (e: AppError) => e.code === 'llm_budget_exceeded');
    r.close();
  });

  it('an incomplete answer is 503 llm_unavailable', async () => {
    mode = 'incomplete';
    const r = new LlmRewriter(`127.0.0.1:${server.port}`, 5000);
    await assert.rejects(r.rewrite(req), (e: AppError) => e.code === 'llm_unavailable' && e.httpStatus === 503);
    r.close();
  });

  it('past the deadline: 503 llm_timeout', async () => {
    mode = 'slow';
    const r = new LlmRewriter(`127.0.0.1:${server.port}`, 300);
    await assert.rejects(r.rewrite(req), (e: AppError) => e.code === 'llm_timeout' && e.httpStatus === 503);
    r.close();
  });

  it('nobody listening: 503 llm_unavailable', async () => {
    const r = new LlmRewriter(`127.0.0.1:${await freePort()}`, 2000);
    await assert.rejects(r.rewrite(req), (e: AppError) => e.code === 'llm_unavailable' && e.httpStatus === 503);
    r.close();
  });
});
