import { buildSchema, GraphQLError, Source } from 'graphql';
import { SubscriptionDocuments } from './subscription-documents';

const schemaOf = () =>
  buildSchema(`
    type Query { ok: Boolean }
    type Subscription { ticks(every: Int!): Int! }
  `);

describe('SubscriptionDocuments', () => {
  const TEXT = 'subscription($every: Int!) { ticks(every: $every) }';

  it('parses a text once: every subscriber with the same text shares one document', () => {
    const documents = new SubscriptionDocuments();
    const first = documents.parse(TEXT);
    expect(documents.parse(TEXT)).toBe(first);
    expect(documents.parse(`${TEXT} `)).not.toBe(first);
  });

  it('validates a document once per schema, and again against a new schema', () => {
    const documents = new SubscriptionDocuments();
    const schema = schemaOf();
    const document = documents.parse('subscription { ticks(every: 1) { nope } }');
    const errors = documents.validate(schema, document);
    expect(errors.map((error) => error.message)).toEqual(['Field "ticks" must not have a selection since type "Int!" has no subfields.']);
    expect(documents.validate(schema, document)).toBe(errors);
    const renewed = schemaOf();
    const again = documents.validate(renewed, document);
    expect(again).not.toBe(errors);
    expect(again.map((error) => error.message)).toEqual(errors.map((error) => error.message));
    expect(documents.validate(schemaOf(), documents.parse(TEXT))).toEqual([]);
  });

  it('refuses a text that does not parse each time, with the syntax error, and keeps nothing of it', () => {
    const documents = new SubscriptionDocuments();
    const bad = 'subscription { ticks(every: 1) ';
    for (let attempt = 0; attempt < 2; attempt++) {
      let thrown: unknown;
      try {
        documents.parse(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(GraphQLError);
      expect((thrown as GraphQLError).message).toBe('Syntax Error: Expected Name, found <EOF>.');
    }
    expect(documents.parse(TEXT)).toBe(documents.parse(TEXT));
  });

  it("gives a graphql-ws server its parse and validate through the same cache, a Source's text as a string", () => {
    const documents = new SubscriptionDocuments();
    const { parse: parseFor, validate: validateFor } = documents.serverOptions();
    const document = parseFor(new Source(TEXT));
    expect(parseFor(TEXT)).toBe(document);
    expect(documents.parse(TEXT)).toBe(document);
    const schema = schemaOf();
    const errors = validateFor(schema, documents.parse('subscription { nope }'));
    expect(errors.map((error) => error.message)).toEqual(['Cannot query field "nope" on type "Subscription".']);
    expect(validateFor(schema, document)).toEqual([]);
  });
});

