import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * Refuses `__schema` and `__type` when introspection is off (`GATEWAY_INTROSPECTION`), as a
 * validation error (400) that says which setting turns it on; `__typename` stays answered. The
 * wording of Apollo Server's own rule tells a client to change the server's code.
 */
export const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return;
    context.reportError(new GraphQLError(`Introspection is off on this gateway (${node.name.value}); GATEWAY_INTROSPECTION=true turns it on`, { nodes: [node] }));
  },
});
