import { buildSchema, getOperationAST, parse } from 'graphql';
import { readAgentTool, toolNameOf } from '../../lib/gateway-core/persisted/agent-tool-documents';
import { toolInputSchema } from './tool-input-schema';

const schema = buildSchema(`
  "A colour of the range"
  enum Colour { RED GREEN }
  input Filter { name: String, colours: [Colour!], price: PriceRange!, and: Filter }
  input PriceRange { min: Int = 0, max: Int! }
  scalar DateTimeISO
  scalar Mystery
  type Query { products(filter: Filter, after: DateTimeISO, first: Int, extra: Mystery): [String!]! }
`);

const schemaOf = (document: string) => toolInputSchema(schema, getOperationAST(parse(document))!);

describe('tool input schemas from variable definitions', () => {
  it('maps scalars, enums, lists and input objects, required when non-null without a default', () => {
    expect(schemaOf('query P($filter: Filter!, $after: DateTimeISO, $first: Int = 10, $extra: Mystery) { products(filter: $filter, after: $after, first: $first, extra: $extra) }')).toEqual({
      type: 'object',
      properties: {
        filter: { $ref: '#/$defs/Filter' },
        after: { type: 'string', description: expect.stringContaining('ISO 8601') },
        first: { type: 'integer', minimum: -2147483648, maximum: 2147483647, default: 10 },
        extra: {},
      },
      required: ['filter'],
      additionalProperties: false,
      $defs: {
        Filter: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            colours: { type: 'array', items: { type: 'string', enum: ['RED', 'GREEN'], description: 'A colour of the range' } },
            price: { $ref: '#/$defs/PriceRange' },
            and: { $ref: '#/$defs/Filter' },
          },
          required: ['price'],
          additionalProperties: false,
        },
        PriceRange: { type: 'object', properties: { min: { type: 'integer', minimum: -2147483648, maximum: 2147483647 }, max: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } }, required: ['max'], additionalProperties: false },
      },
    });
  });

  it('gives an operation without variables an empty object schema', () => {
    expect(schemaOf('{ products }')).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });
});

describe('agent tool documents', () => {
  it('takes the description before the operation, and names the tool in snake case', () => {
    const tool = readAgentTool('"""\nLists the products.\nAll of them.\n\nSecond paragraph.\n"""\nquery ListProducts($first: Int) {\n  products(first: $first)\n}\n', 'list.graphql');
    expect(tool).toEqual({ name: 'list_products', description: 'Lists the products. All of them.\n\nSecond paragraph.', document: 'query ListProducts($first:Int){products(first:$first)}' });
    expect(toolNameOf('MCPStatus')).toBe('mcp_status');
  });

  it('refuses a tool without a description, without a name, or a subscription', () => {
    expect(() => readAgentTool('query A { products }', 'a.graphql')).toThrow('a.graphql: an agent tool starts with its description');
    expect(() => readAgentTool('"""x"""\n{ products }', 'b.graphql')).toThrow('exactly one named query or mutation');
    expect(() => readAgentTool('"""x"""\nsubscription S { products }', 'c.graphql')).toThrow('exactly one named query or mutation');
  });
});
