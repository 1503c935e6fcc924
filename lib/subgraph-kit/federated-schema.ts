import type { GraphQLSchema } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import gql from 'graphql-tag';
import { buildSchema, createResolversMap, type BuildSchemaOptions, type PubSub } from 'type-graphql';

/** Federation 2 directives a subgraph may use. */
const FEDERATION_IMPORTS = [
  '@key', '@shareable', '@external', '@requires', '@provides', '@extends',
  '@inaccessible', '@override', '@tag', '@interfaceObject', '@composeDirective',
];

export interface FederatedSchemaOptions {
  resolvers: BuildSchemaOptions['resolvers'];
  orphanedTypes?: BuildSchemaOptions['orphanedTypes'];
  /** `__resolveReference` of each entity this subgraph resolves, by type name. */
  referenceResolvers?: GraphQLResolverMap<unknown>;
  scalarsMap?: BuildSchemaOptions['scalarsMap'];
  pubSub?: PubSub;
  /** The federation spec version the subgraph links. @default "v2.5" */
  federationVersion?: string;
}

/**
 * type-graphql refuses subscriptions without a pubSub, even when each `@Subscription` brings its
 * own `subscribe` function (ours do: they stream from lib/pubsub after authorising). Topic-based
 * subscriptions are not used here, so this one only says so if something tries.
 */
const SUBSCRIBE_FUNCTIONS_ONLY: PubSub = {
  publish() {
    throw new Error('Publish through lib/pubsub, not the type-graphql pubSub');
  },
  subscribe() {
    throw new Error('Give each @Subscription its own subscribe function');
  },
};

/** type-graphql classes → a federation-2 subgraph schema with `_service` and `_entities`. */
export async function buildFederatedSchema(options: FederatedSchemaOptions): Promise<GraphQLSchema> {
  const plain = await buildSchema({
    resolvers: options.resolvers,
    orphanedTypes: options.orphanedTypes,
    scalarsMap: options.scalarsMap,
    pubSub: options.pubSub ?? SUBSCRIBE_FUNCTIONS_ONLY,
    validate: false,
    // The plain schema uses federation directives it does not define; buildSubgraphSchema adds
    // those definitions, so graphql-js must not validate this intermediate schema.
    skipCheck: true,
  });
  const imports = FEDERATION_IMPORTS.map((name) => `"${name}"`).join(', ');
  const version = options.federationVersion ?? 'v2.5';
  // Printing with directives keeps the @key/@shareable... that type-graphql stores on AST nodes;
  // the @link line is what makes buildSubgraphSchema read them as federation 2.
  const typeDefs = gql`
    extend schema @link(url: "https://specs.apollo.dev/federation/${version}", import: [${imports}])
    ${printSchemaWithDirectives(plain)}
  `;
  const resolvers = createResolversMap(plain) as GraphQLResolverMap<unknown>;
  for (const [typeName, reference] of Object.entries(options.referenceResolvers ?? {})) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), ...(reference as object) } as never;
  }
  return buildSubgraphSchema({ typeDefs, resolvers });
}
