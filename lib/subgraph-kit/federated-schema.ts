import type { GraphQLSchema } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import gql from 'graphql-tag';
import { buildSchema, createResolversMap, getMetadataStorage, type BuildSchemaOptions, type PubSub } from 'type-graphql';
import { plainFieldsOf } from './plain-fields';

/** Federation 2 directives a subgraph may use. */
const FEDERATION_IMPORTS = [
  '@key', '@shareable', '@external', '@requires', '@provides', '@extends',
  '@inaccessible', '@override', '@tag', '@interfaceObject', '@composeDirective',
];

/** The authorization directives the gateway core enforces before any subgraph fetch, by the federation version that brought them. */
const AUTHORIZATION_IMPORTS: Array<[minor: number, directive: string]> = [[5, '@authenticated'], [5, '@requiresScopes'], [6, '@policy']];

function federationImports(version: string): string[] {
  const minor = Number(/^v2\.(\d+)$/.exec(version)?.[1] ?? 0);
  return [...FEDERATION_IMPORTS, ...AUTHORIZATION_IMPORTS.filter(([since]) => minor >= since).map(([, directive]) => directive)];
}

/** A spec the subgraph links besides federation: where the custom directives it applies come from. */
export interface LinkedSpec {
  /** The spec's URL, ending with its version, e.g. `https://specs.example.dev/cache/v1.0`. */
  url: string;
  /** The directives taken from it, by their `@name`; each must be among `directives`. */
  import: string[];
  /** Keep these directives in the supergraph (`@composeDirective`), so the gateway's schema shows them. @default false */
  compose?: boolean;
}

export interface FederatedSchemaOptions {
  resolvers: BuildSchemaOptions['resolvers'];
  orphanedTypes?: BuildSchemaOptions['orphanedTypes'];
  /** `__resolveReference` of each entity this subgraph resolves, by type name. */
  referenceResolvers?: GraphQLResolverMap<unknown>;
  scalarsMap?: BuildSchemaOptions['scalarsMap'];
  pubSub?: PubSub;
  /** Definitions of the custom directives the classes apply with `@Directive`. */
  directives?: BuildSchemaOptions['directives'];
  /** Specs linked besides federation, one per source of custom directives. */
  links?: LinkedSpec[];
  /** The federation spec version the subgraph links (2.6 brings `@policy`). @default "v2.6" */
  federationVersion?: string;
}

const quoted = (names: string[]) => names.map((name) => JSON.stringify(name)).join(', ');

/** The schema extension that links federation and every other spec the subgraph uses. */
function schemaLinks(options: FederatedSchemaOptions): string {
  const version = options.federationVersion ?? 'v2.6';
  const links = [`@link(url: "https://specs.apollo.dev/federation/${version}", import: [${quoted(federationImports(version))}])`];
  for (const spec of options.links ?? []) {
    links.push(`@link(url: ${JSON.stringify(spec.url)}, import: [${quoted(spec.import)}])`);
    if (spec.compose) links.push(...spec.import.map((name) => `@composeDirective(name: ${JSON.stringify(name)})`));
  }
  return `extend schema ${links.join(' ')}`;
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

/**
 * The resolvers without those of the plain fields that read the property of their own name, with
 * nothing around the read: GraphQL's default reads it alike. type-graphql gives every field of an
 * object type a resolver (unless the type is marked `simpleResolvers`), which costs a call, its
 * arguments object and the resolver's own object per field of every object answered; and a
 * compiled query (see compiled-execution) reads a field without a resolver inline.
 */
function withoutPlainReads(resolvers: GraphQLResolverMap<unknown>): GraphQLResolverMap<unknown> {
  const objectTypes = getMetadataStorage().objectTypes;
  for (const objectType of objectTypes) {
    const fields = resolvers[objectType.name] as Record<string, unknown> | undefined;
    // A name two classes share (subgraphs built in one process) is left as type-graphql made it.
    if (!fields || objectTypes.some((other) => other !== objectType && other.name === objectType.name)) continue;
    for (const [name, field] of plainFieldsOf(objectType.target)) {
      if (field.property === name && !field.guarded) delete fields[name];
    }
  }
  return resolvers;
}

/** type-graphql classes → a federation-2 subgraph schema with `_service` and `_entities`. */
export async function buildFederatedSchema(options: FederatedSchemaOptions): Promise<GraphQLSchema> {
  const plain = await buildSchema({
    resolvers: options.resolvers,
    orphanedTypes: options.orphanedTypes,
    scalarsMap: options.scalarsMap,
    pubSub: options.pubSub ?? SUBSCRIBE_FUNCTIONS_ONLY,
    directives: options.directives,
    validate: false,
    // The plain schema uses federation directives it does not define; buildSubgraphSchema adds
    // those definitions, so graphql-js must not validate this intermediate schema.
    skipCheck: true,
  });
  // Printing with directives keeps the @key/@shareable... that type-graphql stores on AST nodes;
  // the @link line is what makes buildSubgraphSchema read them as federation 2.
  const typeDefs = gql`
    ${schemaLinks(options)}
    ${printSchemaWithDirectives(plain)}
  `;
  const resolvers = withoutPlainReads(createResolversMap(plain) as GraphQLResolverMap<unknown>);
  for (const [typeName, reference] of Object.entries(options.referenceResolvers ?? {})) {
    resolvers[typeName] = { ...(resolvers[typeName] as object), ...(reference as object) } as never;
  }
  return buildSubgraphSchema({ typeDefs, resolvers });
}
