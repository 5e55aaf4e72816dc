import { describe, expect, it } from 'vitest';
import { savePendingOrder, takePendingOrder } from './pending-order';

/** An in-memory Storage (the tests run without a browser). */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('pending order (the order a tab left for)', () => {
  it('is read back once', () => {
    const storage = memoryStorage();
    savePendingOrder({ ordrId: 'o1', gateway: 'P', paypalOrderId: 'PP', backTo: '/1/9' }, storage);
    expect(takePendingOrder(storage)).toEqual({
      ordrId: 'o1',
      gateway: 'P',
      paypalOrderId: 'PP',
      clientSecret: undefined,
      backTo: '/1/9',
    });
    expect(takePendingOrder(storage)).toBeNull();
  });

  it('ignores broken or foreign values and never returns to another site', () => {
    const storage = memoryStorage();
    storage.setItem('snapdrama.payment.pending', '{not json');
    expect(takePendingOrder(storage)).toBeNull();
    storage.setItem('snapdrama.payment.pending', JSON.stringify({ ordrId: 'o', gateway: 'X' }));
    expect(takePendingOrder(storage)).toBeNull();
    storage.setItem(
      'snapdrama.payment.pending',
      JSON.stringify({ ordrId: 'o', gateway: 'T', backTo: 'https://elsewhere.example/' }),
    );
    expect(takePendingOrder(storage)?.backTo).toBe('/payment');
    savePendingOrder({ ordrId: 'o', gateway: 'S', backTo: '//elsewhere.example' }, storage);
    expect(takePendingOrder(storage)?.backTo).toBe('/payment');
  });
});
