import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ChartAnswers } from '../src/chart-answers.ts';

const T1 = '0190a0a0-0000-7000-8000-000000000001';
const T2 = '0190a0a0-0000-7000-8000-000000000002';
const C1 = '0190a0a0-0000-7000-8000-0000000000c1';
const C2 = '0190a0a0-0000-7000-8000-0000000000c2';
const body = (s: string) => Buffer.from(JSON.stringify({ id: s }));
const hello = { kind: 'hello', tenant_id: '', chart_id: '' };

function live(capacity = 10): ChartAnswers {
  const a = new ChartAnswers(capacity);
  a.apply(hello);
  return a;
}

describe("gateway chart answers (kept while the chart service's deletion stream is up)", () => {
  it('keeps nothing until the stream said hello, and nothing once it broke', () => {
    const a = new ChartAnswers(10);
    a.put(T1, C1, body(C1), a.ticket());
    assert.equal(a.get(T1, C1), undefined);
    a.apply(hello);
    a.put(T1, C1, body(C1), a.ticket());
    assert.deepEqual(a.get(T1, C1), body(C1));
    a.disconnected();
    assert.equal(a.get(T1, C1), undefined);
    a.put(T1, C1, body(C1), a.ticket());
    assert.equal(a.size, 0, 'nothing kept while the stream is down');
    a.apply(hello);
    assert.equal(a.get(T1, C1), undefined, 'a new hello starts from nothing');
  });

  it('answers a chart to its tenant only, whatever the spelling of its id', () => {
    const a = live();
    a.put(T1, C1.toUpperCase(), body(C1), a.ticket());
    assert.deepEqual(a.get(T1, C1), body(C1));
    assert.equal(a.get(T2, C1), undefined);
  });

  it('drops a chart, or every chart of a tenant, as the stream or a local deletion says', () => {
    const a = live();
    for (const [t, c] of [
      [T1, C1],
      [T1, C2],
      [T2, C1],
    ] as const)
      a.put(t, c, body(c), a.ticket());
    a.apply({ kind: 'chart', tenant_id: T1, chart_id: C1.toUpperCase() });
    assert.equal(a.get(T1, C1), undefined);
    assert.ok(a.get(T1, C2) && a.get(T2, C1));
    a.apply({ kind: 'tenant', tenant_id: T1, chart_id: '' });
    assert.equal(a.get(T1, C2), undefined);
    assert.ok(a.get(T2, C1), "another tenant's chart stays");
    a.erase(T2, C1);
    assert.equal(a.size, 0);
  });

  it('a message of a kind it does not know drops everything', () => {
    const a = live();
    a.put(T1, C1, body(C1), a.ticket());
    a.apply({ kind: 'something-new', tenant_id: '', chart_id: '' });
    assert.equal(a.get(T1, C1), undefined);
  });

  it('a read in flight while a deletion is heard is not kept', () => {
    const a = live();
    const ticket = a.ticket();
    a.apply({ kind: 'chart', tenant_id: T1, chart_id: C1 }); // deleted while the chart service answered
    a.put(T1, C1, body(C1), ticket);
    assert.equal(a.get(T1, C1), undefined);
    const local = a.ticket();
    a.erase(T2, null); // any local deletion counts too
    a.put(T1, C2, body(C2), local);
    assert.equal(a.get(T1, C2), undefined);
  });

  it('keeps at most its capacity, the least recently read going first', () => {
    const a = live(2);
    a.put(T1, C1, body(C1), a.ticket());
    a.put(T1, C2, body(C2), a.ticket());
    a.get(T1, C1);
    a.put(T2, C1, body(C1), a.ticket());
    assert.equal(a.size, 2);
    assert.ok(a.get(T1, C1));
    assert.equal(a.get(T1, C2), undefined);
  });

  it('capacity 0 keeps nothing', () => {
    const a = live(0);
    a.put(T1, C1, body(C1), a.ticket());
    assert.equal(a.get(T1, C1), undefined);
  });
});
