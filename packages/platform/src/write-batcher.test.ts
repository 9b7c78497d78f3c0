// WriteBatcher: what arrives while a write is in flight goes together in the next one; a failed batch
// is written again item by item, so each caller gets its own outcome.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { WriteBatcher } from './write-batcher';

/** A write that records its batches and finishes when the test says so. */
function heldWrites(refuse: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<void>((resolve, reject) =>
      release.push(() => (items.some(refuse) ? reject(new Error(`refused ${items.join(',')}`)) : resolve())),
    );
  };
  const releaseAll = async () => {
    while (release.length) release.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, write, releaseAll };
}

describe('WriteBatcher', () => {
  it('writes an item alone at once, and batches what arrives while writes are in flight', async () => {
    const w = heldWrites();
    const b = new WriteBatcher({ write: w.write, maxInFlight: 1, maxBatch: 3 });
    const done = [b.add(1)];
    assert.deepEqual(w.batches, [[1]], 'nothing waits when nothing is in flight');
    done.push(b.add(2), b.add(3), b.add(4), b.add(5));
    assert.deepEqual(w.batches, [[1]], 'in flight: the rest waits');
    await w.releaseAll();
    assert.deepEqual(w.batches, [[1], [2, 3, 4]], 'the next statement takes what came, up to maxBatch');
    await w.releaseAll();
    await w.releaseAll();
    assert.deepEqual(w.batches, [[1], [2, 3, 4], [5]]);
    await Promise.all(done);
  });

  it('keeps up to maxInFlight writes going', async () => {
    const w = heldWrites();
    const b = new WriteBatcher({ write: w.write, maxInFlight: 2 });
    const done = [1, 2, 3, 4].map((i) => b.add(i));
    assert.deepEqual(w.batches, [[1], [2]]);
    await w.releaseAll();
    assert.deepEqual(w.batches, [[1], [2], [3, 4]]);
    await w.releaseAll();
    await Promise.all(done);
  });

  it('a failed batch is written again item by item: only the refused item fails', async () => {
    const w = heldWrites((i) => i === 3);
    const b = new WriteBatcher({ write: w.write, maxInFlight: 1 });
    const first = b.add(1);
    const rest = [2, 3, 4].map((i) =>
      b.add(i).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    await w.releaseAll(); // [1] commits; [2, 3, 4] goes and fails
    await w.releaseAll(); // then each alone
    await w.releaseAll();
    await first;
    assert.deepEqual(await Promise.all(rest), ['ok', 'refused 3', 'ok']);
    assert.deepEqual(w.batches, [[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('a lone item that fails rejects once, with its error', async () => {
    const w = heldWrites(() => true);
    const b = new WriteBatcher({ write: w.write });
    const refused = assert.rejects(b.add(7), /refused 7/);
    await w.releaseAll();
    await refused;
    assert.deepEqual(w.batches, [[7]]);
  });
});
