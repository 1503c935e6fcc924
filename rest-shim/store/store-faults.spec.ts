import { Type } from '@sinclair/typebox';
import { AppError } from '../../lib/errors';
import { checkBody, mustBe } from './store-faults';

const Body = Type.Object({
  name: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.String())])),
  published: Type.Optional(Type.Boolean()),
  stock: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});

describe('checkBody', () => {
  it('keeps the declared keys, nulls included, and drops the rest', () => {
    expect(checkBody(Body, { name: 'Mate', stock: null, extra: 1 })).toEqual({ name: 'Mate', stock: null });
  });

  it('names every key of the wrong type in one field map', () => {
    let error: AppError | undefined;
    try {
      checkBody(Body, { name: 3, published: 'yes', stock: -1 });
    } catch (caught) {
      error = caught as AppError;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error?.extensions.details).toEqual({ fields: { name: ['is invalid'], published: ['must be true or false'], stock: ['is invalid'] } });
  });

  it('explains ranges', () => {
    expect(mustBe(Body.properties.per_page, 201)).toBe('must be at most 200');
    expect(mustBe(Body.properties.per_page, 0)).toBe('must be at least 1');
    expect(mustBe(Body.properties.per_page, 1.5)).toBe('must be a whole number');
    expect(mustBe(Body.properties.per_page, 'x')).toBe('must be an integer');
  });
});
