import { restView } from './rest-view';

describe('restView', () => {
  it('writes every timestamp, nested too, as YYYY-MM-DDThh:mm:ss+0000 and leaves the rest', () => {
    const product = {
      id: 1,
      name: { es: 'Mate' },
      created_at: '2026-01-02T03:04:05.678Z',
      variants: [{ id: 2, updated_at: '2026-01-02T03:04:06.000Z', price: null }],
    };
    expect(restView(product)).toEqual({
      id: 1,
      name: { es: 'Mate' },
      created_at: '2026-01-02T03:04:05+0000',
      variants: [{ id: 2, updated_at: '2026-01-02T03:04:06+0000', price: null }],
    });
  });
});
