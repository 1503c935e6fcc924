import { parse } from 'graphql';
import { FeedBrandDocument, LoginDocument } from '../generated/graph';
import { defineOperations, operationOf } from './operations';

describe('defineOperations', () => {
  it('gives each operation its own text', () => {
    const ops = defineOperations<'A' | 'B'>(`query A { a } mutation B($x: Int!) { b(x: $x) }`);
    expect(ops.A).toEqual({ name: 'A', query: 'query A { a }' });
    expect(ops.B.query).toBe('mutation B($x: Int!) { b(x: $x) }');
  });

  it('carries the fragments an operation spreads, also through other fragments, and no others', () => {
    const ops = defineOperations<'WithUser' | 'Plain'>(`
      fragment Brand on Brand { _id name }
      fragment User on User { _id subscriptions { ...Brand } }
      fragment Unused on Brand { url }
      query WithUser { me { ...User } }
      query Plain { brands { _id } }
    `);
    const document = parse(ops.WithUser.query);
    expect(document.definitions.map((d) => ('name' in d ? d.name?.value : undefined))).toEqual(['WithUser', 'User', 'Brand']);
    expect(ops.Plain.query).toBe('query Plain { brands { _id } }');
  });

  it('refuses anonymous operations and unknown fragments at start-up', () => {
    expect(() => defineOperations('{ a }')).toThrow('must be named');
    expect(() => defineOperations('query A { ...Missing }')).toThrow('Fragment Missing is not defined');
  });
});

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
