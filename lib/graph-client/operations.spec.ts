import { parse } from 'graphql';
import { FeedBrandDocument, LoginDocument } from '../../rest-shim/generated/graph';
import { operationOf } from './operations';

describe('operationOf', () => {
  it('names a generated document and prints it with the fragments it spreads, once', () => {
    const operation = operationOf(FeedBrandDocument);
    expect(operation.name).toBe('FeedBrand');
    expect(parse(operation.query).definitions.map((d) => ('name' in d ? d.name?.value : undefined))).toEqual(['FeedBrand', 'FeedBrandFields']);
    expect(operationOf(FeedBrandDocument)).toBe(operation);
    expect(operationOf(LoginDocument).query).toMatch(/^mutation Login\(/);
  });

  it('refuses a document without exactly one named operation, at start-up', () => {
    expect(() => operationOf(parse('query A { a } query B { b }'))).toThrow('exactly one named operation');
    expect(() => operationOf(parse('{ a }'))).toThrow('exactly one named operation');
  });
});
