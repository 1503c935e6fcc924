import { buildSchema, getIntrospectionQuery } from 'graphql';
import pino from 'pino';
import { loadConfig, type GatewayLimits } from '../../config';
import { OperationLimits } from './operation-limits';

const schema = buildSchema(`
  type Query { organisation(id: ID!): Organisation, me: User, workflows(first: Int): [Workflow!]! }
  type Mutation { createWorkflow(name: String!): Workflow! }
  type Organisation { id: ID!, name: String!, workflows: [Workflow!]! }
  type Workflow { id: ID!, name: String!, organisation: Organisation!, tags: [[String!]!]! }
  type User { id: ID!, organisations: [Organisation!]! }
`);

const defaults = loadConfig({}).gateway.limits;

function limitsWith(overrides: Partial<GatewayLimits> = {}): OperationLimits {
  const limits = new OperationLimits({ ...defaults, ...overrides }, pino({ level: 'silent' }));
  limits.useSchema(schema);
  return limits;
}

const codeOf = (limits: OperationLimits, query: string, variables?: unknown) => limits.check(query, variables)?.code;

describe('OperationLimits', () => {
  it('has Apollo Router’s parser defaults and safe operation defaults', () => {
    expect(defaults).toEqual({
      maxTokens: 15_000,
      maxRecursion: 500,
      maxDepth: 20,
      maxHeight: 200,
      maxAliases: 30,
      maxRootFields: 20,
      maxRecursiveSelections: 10_000,
      maxMergedFieldPairs: 10_000,
      maxCost: 5_000,
      listSize: 10,
      maxSubgraphResponseBytes: 16 * 1024 * 1024,
    });
  });

  it('lets ordinary operations through, and leaves syntax errors to the parser’s report', () => {
    const limits = limitsWith();
    expect(limits.check('{ organisation(id: "o") { id name workflows { id name organisation { id } } } me { id } }', {})).toBeUndefined();
    expect(limits.check('mutation { createWorkflow(name: "x") { id } }', {})).toBeUndefined();
    expect(limits.check('{ organisation(id: "o") { id ', {})).toBeUndefined();
    expect(limits.check(undefined, {})).toBeUndefined();
    // what GraphQL tools send to learn the schema
    expect(limits.check(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }), {})).toBeUndefined();
  });

  it('counts tokens and stops at the first over the limit', () => {
    const limits = limitsWith({ maxTokens: 10 });
    expect(codeOf(limits, '{ me { id } }')).toBeUndefined();
    expect(limits.check(`{ ${'__typename '.repeat(11)}}`, {})?.toJSON()).toEqual({
      message: 'The document has more than 10 tokens',
      extensions: { code: 'MAX_TOKENS_LIMIT', status: 400, details: { limit: 10 } },
    });
  });

  it('refuses brackets nested deeper than the recursion limit, and fragment spreads likewise', () => {
    const limits = limitsWith({ maxRecursion: 4 });
    expect(codeOf(limits, '{ organisation(id: "o") { workflows { organisation { id } } } }')).toBeUndefined();
    expect(codeOf(limits, '{ organisation(id: "o") { workflows { organisation { workflows { id } } } } }')).toBe('MAX_RECURSION_LIMIT');
    expect(codeOf(limits, 'query($v: [[[[[[Int]]]]]]) { me { id } }')).toBe('MAX_RECURSION_LIMIT');
    const chain = Array.from({ length: 8 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(' ');
    expect(codeOf(limits, `{ ...F0 } ${chain} fragment F8 on Query { me { id } }`)).toBe('MAX_RECURSION_LIMIT');
  });

  it('measures depth, height, aliases and root fields through fragments', () => {
    const cycle = (levels: number) => `{ organisation(id: "o") { ${'workflows { organisation { '.repeat(levels)} id ${'} } '.repeat(levels)} } }`;
    // organisation › workflows › organisation › workflows › organisation › id: depth 6
    expect(codeOf(limitsWith({ maxDepth: 6 }), cycle(2))).toBeUndefined();
    expect(codeOf(limitsWith({ maxDepth: 5 }), cycle(2))).toBe('MAX_DEPTH_LIMIT');
    expect(codeOf(limitsWith({ maxDepth: 5 }), `{ ...Deep } fragment Deep on Query ${cycle(2)}`)).toBe('MAX_DEPTH_LIMIT');
    expect(codeOf(limitsWith({ maxHeight: 3 }), '{ me { id organisations { id name } } }')).toBe('MAX_HEIGHT_LIMIT');
    expect(codeOf(limitsWith({ maxHeight: 3 }), '{ me { id } me { id } a: me { id } }')).toBeUndefined();
    expect(codeOf(limitsWith({ maxAliases: 2 }), '{ a: me { id } b: me { i: id } }')).toBe('MAX_ALIASES_LIMIT');
    expect(codeOf(limitsWith({ maxRootFields: 2 }), '{ me { id } ...Two } fragment Two on Query { me { id } me { id } }')).toBe('MAX_ROOT_FIELDS_LIMIT');
  });

  it('counts selections with fragments expanded, so a fan-out of small fragments is refused', () => {
    // 2^14 spreads of a one-field fragment, in under 100 tokens
    const fanOut = Array.from({ length: 14 }, (_, i) => `fragment F${i} on Organisation { ...F${i + 1} ...F${i + 1} }`).join(' ');
    expect(codeOf(limitsWith(), `{ organisation(id: "o") { ...F0 } } ${fanOut} fragment F14 on Organisation { id }`)).toBe('MAX_RECURSIVE_SELECTIONS_LIMIT');
    // a fragment no operation spreads is validated all the same
    expect(codeOf(limitsWith({ maxRecursiveSelections: 5 }), `{ me { id } } fragment Unused on User { ${'id '.repeat(6)}}`)).toBe('MAX_RECURSIVE_SELECTIONS_LIMIT');
  });

  it('bounds the pairs of repeated fields validation compares, nested repeats included', () => {
    const limits = limitsWith({ maxMergedFieldPairs: 45 });
    // ten copies of one field: 45 pairs
    expect(codeOf(limits, `{ me { ${'id '.repeat(10)}} }`)).toBeUndefined();
    expect(codeOf(limits, `{ me { ${'id '.repeat(11)}} }`)).toBe('MAX_MERGED_FIELD_PAIRS_LIMIT');
    // three copies of a field each holding three copies: 3 pairs, then 9 merged copies (36 pairs)
    expect(codeOf(limits, `{ ${'me { id id id } '.repeat(3)}}`)).toBeUndefined();
    expect(codeOf(limits, `{ ${'me { id id id id } '.repeat(3)}}`)).toBe('MAX_MERGED_FIELD_PAIRS_LIMIT');
    // repeats brought in by fragments count where the fragments are spread
    expect(codeOf(limits, `{ me { ...A ...B } } fragment A on User { ${'id '.repeat(6)}} fragment B on User { ${'id '.repeat(6)}}`)).toBe('MAX_MERGED_FIELD_PAIRS_LIMIT');
  });

  it('estimates cost with list sizes, slicing arguments and mutations', () => {
    const limits = limitsWith({ maxCost: 111 });
    // organisation 1 + 10 × (workflow 1 + organisation 1) = 21
    expect(limits.check('{ organisation(id: "o") { workflows { organisation { id } } } }', {})).toBeUndefined();
    // 1 + 10 × (1 + 1 + 10 × 1) = 121
    expect(limits.check('{ organisation(id: "o") { workflows { organisation { workflows { id } } } } }', {})?.toJSON().extensions).toEqual({
      code: 'COST_ESTIMATED_TOO_EXPENSIVE',
      status: 400,
      details: { limit: 111, measured: 121 },
    });
    expect(codeOf(limits, '{ workflows(first: 200) { id } }')).toBe('COST_ESTIMATED_TOO_EXPENSIVE');
    expect(codeOf(limits, 'query($n: Int) { workflows(first: $n) { id } }', { n: 111 })).toBeUndefined();
    expect(codeOf(limits, 'query($n: Int) { workflows(first: $n) { id } }', { n: 112 })).toBe('COST_ESTIMATED_TOO_EXPENSIVE');
    expect(codeOf(limitsWith({ maxCost: 19 }), 'mutation { a: createWorkflow(name: "a") { id } b: createWorkflow(name: "b") { id } }')).toBe('COST_ESTIMATED_TOO_EXPENSIVE');
    expect(codeOf(limitsWith({ maxCost: 1 }), '{ __schema { types { fields { name } } } }')).toBeUndefined();
  });

  it('measures every operation of the document, not only the one executed', () => {
    expect(codeOf(limitsWith({ maxAliases: 1 }), 'query A { me { id } } query B { a: me { id } b: me { id } }')).toBe('MAX_ALIASES_LIMIT');
  });
});
