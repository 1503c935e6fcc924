import { DirectiveLocation, GraphQLDirective } from 'graphql';

/**
 * A directive of our own spec that composition keeps in the supergraph (`@composeDirective`);
 * it only marks a type, nothing executes it.
 */
export const customDirective = new GraphQLDirective({ name: 'custom', locations: [DirectiveLocation.OBJECT] });
