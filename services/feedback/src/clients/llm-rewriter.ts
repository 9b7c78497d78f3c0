// Client of the llm service's internal LlmRewriteService (protos/astro/llm/v1/rewrite.proto). The llm
// service applies its own tier limits and budgets and answers the spec's llm_* errors, which pass
// through unchanged. When it cannot be reached (not deployed, down, or without the method) the caller
// gets the spec's 503 llm_unavailable, never a 500.
import * as grpc from '@grpc/grpc-js';
import { LlmRewriteServiceClient, type RewriteItem } from '@astro/protos/astro/llm/v1/rewrite';
import { AppError, channelOptions, grpcTarget, outgoingMetadata, unary, writePrincipal } from '@astro/platform';
import type { RewriteRequest, Rewriter } from '../domain/ports.ts';

export type { RewriteRequest, Rewriter };

/** Codes that mean "the llm service is not there", as restored by fromGrpcError. */
const ABSENT = new Set(['service_unavailable', 'not_implemented', 'gateway_timeout', 'internal_error']);
// (gateway_timeout, the restored DEADLINE_EXCEEDED, becomes the spec's llm_timeout below.)

export class LlmRewriter implements Rewriter {
  private readonly client: LlmRewriteServiceClient;

  constructor(
    address: string,
    private readonly deadlineMs: number,
  ) {
    this.client = new LlmRewriteServiceClient(grpcTarget(address), grpc.credentials.createInsecure(), channelOptions());
  }

  async rewrite(req: RewriteRequest): Promise<RewriteItem[]> {
    let res;
    try {
      res = await unary(
        this.client,
        this.client.rewriteStatements,
        {
          tenant_id: req.tenantId,
          chart_id: req.chartId,
          tone: req.tone,
          language: req.language,
          items: req.items,
        },
        {
          metadata: outgoingMetadata(req.principal ? (md) => writePrincipal(md, req.principal!) : undefined),
          deadlineMs: this.deadlineMs,
        },
      );
    } catch (err) {
      if (err instanceof AppError && !ABSENT.has(err.code)) throw err; // llm_* and plan errors as sent
      if (err instanceof AppError && err.code === 'gateway_timeout')
        throw new AppError('llm_timeout', 'The language model timed out; retry later.', {
          deadline_ms: this.deadlineMs,
        });
      throw new AppError('llm_unavailable', 'The language model is unavailable; retry later.', {
        reason: err instanceof AppError ? err.code : 'unreachable',
      });
    }
    // The contract: same ids, same order. Anything else is the llm service's fault, not the caller's.
    const byId = new Map(res.items.map((i) => [i.statement_id, i.text]));
    if (req.items.some((i) => !byId.get(i.statement_id)?.trim()))
      throw new AppError('llm_unavailable', 'The language model answered an incomplete rewrite; retry later.', {
        reason: 'incomplete_answer',
      });
    return req.items.map((i) => ({ statement_id: i.statement_id, text: byId.get(i.statement_id)!.trim() }));
  }

  close(): void {
    this.client.close();
  }
}
