import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

/**
 * An amount written by a client (money or a measure): a JSON number or a numeric string, as the
 * store API's callers send both; the service reads it to two decimals and names the field when
 * it is not a number. Results show amounts as strings with two decimals.
 */
export const AmountScalar = new GraphQLScalarType({
  name: 'Amount',
  description: 'A non-negative number or numeric string, kept to two decimals.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
