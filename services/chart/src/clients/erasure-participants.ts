// gRPC clients of every service that takes part in erasure (FLEET entries flagged `erasure`): adding
// a participant is one flag in packages/platform/src/services.ts.
import * as grpc from '@grpc/grpc-js';
import { DataErasureServiceClient } from '@astro/protos/astro/erasure/v1/erasure';
import {
  channelOptions,
  ERASURE_PARTICIPANTS,
  grpcTarget,
  outgoingMetadata,
  remainingMs,
  unary,
} from '@astro/platform';
import type { ErasureCounts, ErasureParticipant } from '../domain/chart-erasure.ts';

/**
 * Time kept back from the caller's deadline for the chart transaction's own commit: a participant
 * that does not answer in time is skipped (it catches up from the bus) while the deletion still
 * commits and answers, instead of the whole request running into the gateway's 504.
 */
const COMMIT_RESERVE_MS = 1000;

class GrpcParticipant implements ErasureParticipant {
  private readonly client: DataErasureServiceClient;

  constructor(
    readonly name: string,
    address: string,
    private readonly deadlineMs: number,
  ) {
    // channelOptions' short reconnect backoff: a participant that was down is reachable soon after it returns.
    this.client = new DataErasureServiceClient(
      grpcTarget(address),
      grpc.credentials.createInsecure(),
      channelOptions(),
    );
  }

  async erase(tenantId: string, chartId: string | null): Promise<ErasureCounts> {
    const r = await unary(
      this.client,
      this.client.erase,
      { tenant_id: tenantId, chart_id: chartId ?? '' },
      { metadata: outgoingMetadata(), deadlineMs: this.budgetMs() },
    );
    return {
      rows_by_store: r.rows_by_store,
      report_files_deleted: r.report_files_deleted,
      cache_entries_deleted: r.cache_entries_deleted,
    };
  }

  private budgetMs(): number {
    const left = remainingMs();
    return left === undefined ? this.deadlineMs : Math.max(100, Math.min(this.deadlineMs, left - COMMIT_RESERVE_MS));
  }

  close(): void {
    this.client.close();
  }
}

export function erasureParticipants(
  env: Record<string, unknown>,
  deadlineMs: number,
): (ErasureParticipant & { close(): void })[] {
  return ERASURE_PARTICIPANTS.map(
    (s) => new GrpcParticipant(s.name, String(env[s.addressEnv] ?? `127.0.0.1:${s.grpcPort}`), deadlineMs),
  );
}
