import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

/**
 * A language-aware value: in results, an object keyed by every language of the store in the
 * store's order (`{"es": "Camisa", "pt": "Camisa", "en": "Shirt"}`); when written, either such an
 * object (some languages suffice) or one string for every language. The store's languages decide
 * what is valid, so the service checks written values and names the field at fault.
 */
export const LanguageValueScalar = new GraphQLScalarType({
  name: 'LanguageValue',
  description: 'An object keyed by language code (every store language, in order, in results); a string on write applies to all languages.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
