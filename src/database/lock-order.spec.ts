import { inLockOrder } from './lock-order';

describe('inLockOrder', () => {
  it('sorts a copy by the key, leaving the batch as it was', () => {
    const batch = [{ id: 'c' }, { id: 'a' }, { id: 'b' }];
    expect(inLockOrder(batch, (item) => item.id).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(batch.map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });

  it('compares keys by code unit, not by locale: the same order in every batch and every instance', () => {
    const ids = ['f0000000-0000-4000-8000-000000000000', '0a000000-0000-4000-8000-000000000000', 'A', 'a', 'B'];
    expect(inLockOrder(ids, (id) => id)).toEqual([
      '0a000000-0000-4000-8000-000000000000',
      'A',
      'B',
      'a',
      'f0000000-0000-4000-8000-000000000000',
    ]);
  });

  it('keeps items of equal keys in their order', () => {
    const batch = [
      { k: 'x', n: 1 },
      { k: 'a', n: 2 },
      { k: 'x', n: 3 },
    ];
    expect(inLockOrder(batch, (item) => item.k).map((item) => item.n)).toEqual([2, 1, 3]);
  });
});
