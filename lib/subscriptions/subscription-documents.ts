import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';

/** Distinct subscription texts kept parsed: far more than a deployment's clients send. */
const DOCUMENTS_KEPT = 1_000;

/**
 * Subscription documents parsed and validated once per text, not once per subscriber: thousands
 * of subscribers send the same few documents, and each would otherwise hold its own syntax tree
 * (with its whole token list) for as long as it listens, and pay for parsing and validating it
 * when it starts. The documents are shared, so nothing may change them. A text that does not
 * parse throws each time, as `parse` does; validation is kept per document and schema, so a new
 * schema validates again.
 */
export class SubscriptionDocuments {
  private readonly parsed = new LRUCache<string, DocumentNode>({ max: DOCUMENTS_KEPT });
  private readonly validated = new WeakMap<DocumentNode, { schema: GraphQLSchema; errors: readonly GraphQLError[] }>();

  parse(source: string): DocumentNode {
    let document = this.parsed.get(source);
    if (!document) {
      document = parse(source);
      this.parsed.set(source, document);
    }
    return document;
  }

  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
    const known = this.validated.get(document);
    if (known?.schema === schema) return known.errors;
    const errors = validate(schema, document);
    this.validated.set(document, { schema, errors });
    return errors;
  }

  /** `parse` and `validate` as a graphql-ws server takes them (its `ServerOptions`), through this cache. */
  serverOptions(): { parse: typeof parse; validate: typeof validate } {
    return {
      parse: (source) => this.parse(typeof source === 'string' ? source : source.body),
      validate: (schema, document) => this.validate(schema, document) as GraphQLError[],
    };
  }
}
