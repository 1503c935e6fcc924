import { createHash } from 'node:crypto';
import { Kind, parse } from 'graphql';
import type { SupergraphRefusal } from '../../metrics';
import { securityRequirements, withoutSecurityPurpose } from '../authorization/supergraph-security';
import { subscriptionOwners } from '../subscription-owners';

/** The join spec, linked (Federation 2) or as a core feature (Federation 1 supergraphs, which @apollo/gateway still serves). */
const JOIN_SPEC = /@(?:link\(url|core\(feature): "https:\/\/specs\.apollo\.dev\/join\/v0\.\d+"/;

/** A supergraph text that passed our own checks: what @apollo/gateway is handed, and its hash. */
export interface CheckedSupergraph {
  /** The text as @apollo/gateway takes it (the authorization specs without `for: SECURITY`). */
  gatewaySdl: string;
  /** The first 16 hex digits of the SHA-256 of the text as read. */
  hash: string;
}

/** Why a text is not served: a bounded reason (the metric's label) and what the log and `/readyz` say. */
export class SupergraphRefused extends Error {
  constructor(
    readonly reason: SupergraphRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SupergraphRefused';
  }
}

export function supergraphHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * What we check of a supergraph before @apollo/gateway builds it (which validates it as a
 * supergraph, `validateSupergraph`): it is not empty, it parses, it links the join spec and names
 * its subgraphs, and every structure of ours built from its text (the authorization
 * requirements, the owners of subscription fields) builds from it. Each of those is built again
 * from the text @apollo/gateway then serves, where a failure could no longer refuse it.
 */
export function checkSupergraph(text: string): CheckedSupergraph {
  if (text.trim() === '') throw new SupergraphRefused('empty', 'the supergraph is empty');
  let document;
  try {
    document = parse(text, { noLocation: true });
  } catch (error) {
    throw new SupergraphRefused('parse', `the supergraph does not parse: ${(error as Error).message}`);
  }
  const graphs = document.definitions.find((definition) => definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'join__Graph');
  if (!graphs || !JOIN_SPEC.test(text)) {
    throw new SupergraphRefused('invalid', 'not a supergraph: it links no join spec or names no subgraphs (enum join__Graph); compose one with `npm run schema`');
  }
  try {
    securityRequirements(text);
    subscriptionOwners(text);
  } catch (error) {
    throw new SupergraphRefused('invalid', `the supergraph's directives cannot be read: ${(error as Error).message}`);
  }
  return { gatewaySdl: withoutSecurityPurpose(text), hash: supergraphHash(text) };
}
