// Erasure orchestration with in-memory fakes: counts summed over participants, an unreachable
// participant skipped (the bus event covers it), the event published after the participants answered,
// the confirmation phrase compared exactly, and a repeat answering zeros.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { OutboxMessage } from '@astro/platform';
import type { ChartTx } from '../src/domain/chart-use-cases.ts';
import { ChartErasure, type ErasureCounts, type ErasureParticipant } from '../src/domain/chart-erasure.ts';

function setup(opts: { downParticipant?: boolean } = {}) {
  const log: string[] = [];
  const charts = new Map<string, string>([
    ['c1', 't1'],
    ['c2', 't1'],
    ['c3', 't2'],
  ]);
  const rows_ = {
    delete: async (tenant: string, id: string) => charts.get(id) === tenant && charts.delete(id),
    deleteAllOf: async (tenant: string) => {
      let n = 0;
      for (const [id, t] of charts) if (t === tenant && charts.delete(id)) n++;
      return n;
    },
  };
  // A participant holding rows per chart; erase removes them (so a repeat counts nothing).
  const rows = new Map<string, number>([
    ['t1:c1', 3],
    ['t1:c2', 2],
    ['t2:c3', 5],
  ]);
  const feedback: ErasureParticipant = {
    name: 'feedback',
    erase: async (tenant, chart): Promise<ErasureCounts> => {
      log.push(`erase feedback ${tenant} ${chart}`);
      let n = 0;
      for (const [k, v] of rows)
        if (k.startsWith(`${tenant}:`) && (chart === null || k === `${tenant}:${chart}`)) {
          n += v;
          rows.delete(k);
        }
      return {
        rows_by_store: { feedback_entries: n, reports: n ? 1 : 0 },
        report_files_deleted: n ? 1 : 0,
        cache_entries_deleted: 0,
      };
    },
  };
  const cache: ErasureParticipant = {
    name: 'vedic-calc',
    erase: async () => {
      if (opts.downParticipant) throw new Error('14 UNAVAILABLE: No connection established');
      log.push('erase cache');
      return { rows_by_store: {}, report_files_deleted: 0, cache_entries_deleted: 2 };
    },
  };
  // One "transaction": the chart rows and the outbox events it emits (logged when it commits).
  const store = {
    transaction: async <T>(work: (tx: ChartTx) => Promise<T>): Promise<T> => {
      const emitted: OutboxMessage[] = [];
      const tx: ChartTx = {
        delete: rows_.delete,
        deleteAllOf: rows_.deleteAllOf,
        emit: async (m) => void emitted.push(m),
      };
      const result = await work(tx);
      for (const m of emitted) log.push(`publish ${m.topic} ${m.key}`);
      return result;
    },
  };
  const warnings: string[] = [];
  const erasure = new ChartErasure(store, [feedback, cache], { warn: (m) => void warnings.push(m) });
  return { erasure, log, warnings };
}

describe('ChartErasure', () => {
  it('tenant erase: exact counts, every store key, participants before the event; a repeat is all zeros', async () => {
    const { erasure, log } = setup();
    const r = await erasure.eraseTenant('t1', 'DELETE ALL DATA');
    assert.deepEqual(r, {
      tenant_id: 't1',
      charts_deleted: 2,
      rows_deleted: 2 + 5 + 1,
      rows_by_store: {
        compatibility_reports: 0,
        feedback_entries: 5,
        interpretations: 0,
        llm_interpretations: 0,
        reports: 1,
        skill_profiles: 0,
        charts: 2,
      },
      report_files_deleted: 1,
      cache_entries_deleted: 2,
    });
    assert.equal(log.at(-1), 'publish tenant.data_erased t1');
    const again = await erasure.eraseTenant('t1', 'DELETE ALL DATA');
    assert.equal(again.rows_deleted, 0);
    assert.equal(again.charts_deleted, 0);
    assert.equal(again.report_files_deleted, 0);
  });

  it('an unreachable participant is logged and skipped, the erasure still answers', async () => {
    const { erasure, warnings, log } = setup({ downParticipant: true });
    const r = await erasure.eraseTenant('t1', 'DELETE ALL DATA');
    assert.equal(r.charts_deleted, 2);
    assert.equal(r.cache_entries_deleted, 0);
    assert.equal(warnings.length, 1);
    assert.equal(log.at(-1), 'publish tenant.data_erased t1');
  });

  it('the phrase must match exactly', async () => {
    const { erasure } = setup();
    for (const bad of [undefined, '', 'delete all data', 'DELETE ALL DATA ', 'DELETE  ALL DATA'])
      await assert.rejects(erasure.eraseTenant('t1', bad), (e: { code: string }) => e.code === 'confirmation_required');
  });

  it("chart delete: only that chart's rows, another tenant's chart is 404, a repeat is 404", async () => {
    const { erasure, log } = setup();
    await assert.rejects(erasure.deleteChart('t2', 'c1'), (e: { code: string }) => e.code === 'chart_not_found');
    await erasure.deleteChart('t1', 'c1');
    assert.deepEqual(log, ['erase feedback t1 c1', 'erase cache', 'publish chart.deleted t1']);
    await assert.rejects(erasure.deleteChart('t1', 'c1'), (e: { code: string }) => e.code === 'chart_not_found');
  });
});
