import { parse } from 'graphql';
import { composeServices } from '@apollo/composition';

export interface CompatSubgraph {
  name: string;
  url: string;
  sdl: string;
}

/**
 * Composes the suite's three subgraphs as `rover supergraph compose` would (rover itself cannot
 * be installed here), with the composition library our own schema build uses.
 */
export function composeCompatSupergraph(subgraphs: CompatSubgraph[]): string {
  const composed = composeServices(subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })));
  if (composed.errors) {
    throw new Error(`The compatibility supergraph does not compose:\n${composed.errors.map((error) => `- ${error.message}`).join('\n')}`);
  }
  return composed.supergraphSdl;
}
