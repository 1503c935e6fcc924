import { ConfigError, type EnvReader } from './env-reader';

/**
 * Where the gateway core (the gateway process, and the shim's embedded executor) takes its
 * supergraph from, and how it follows changes to it (docs/gateway.md, "A supergraph that reloads live").
 */
export interface SupergraphSettings {
  /** The composed supergraph the gateway serves (`SUPERGRAPH_PATH`). @default the committed schema/supergraph.graphql */
  supergraphPath?: string;
  /**
   * Where to fetch the supergraph instead of a file (`SUPERGRAPH_URL`): read at start (the process
   * does not start without it), then polled with `If-None-Match`. Not with `SUPERGRAPH_PATH`.
   */
  supergraphUrl?: string;
  /** How often `SUPERGRAPH_URL` is polled for a new supergraph (`SUPERGRAPH_POLL_SECONDS`). @default 10 */
  supergraphPollSeconds: number;
  /**
   * Watches the supergraph file and serves a new one without a restart (`SUPERGRAPH_WATCH`):
   * `npm run schema` then changes a running stack. @default false when NODE_ENV=production, true otherwise
   */
  supergraphWatch: boolean;
}

export function readSupergraphSettings(read: EnvReader, environment: 'development' | 'production' | 'test'): SupergraphSettings {
  const supergraphPath = read.optionalFile('SUPERGRAPH_PATH');
  const supergraphUrl = read.url('SUPERGRAPH_URL');
  if (supergraphUrl !== undefined && !/^https?:$/.test(new URL(supergraphUrl).protocol)) {
    throw new ConfigError('SUPERGRAPH_URL', `must be an http:// or https:// URL, got "${supergraphUrl}"`);
  }
  if (supergraphUrl !== undefined && supergraphPath !== undefined) throw new ConfigError('SUPERGRAPH_URL', 'cannot be set with SUPERGRAPH_PATH: name one source of the supergraph');
  return {
    supergraphPath,
    supergraphUrl,
    supergraphPollSeconds: read.integer('SUPERGRAPH_POLL_SECONDS', 10, { min: 1, max: 3600 }),
    supergraphWatch: read.boolean('SUPERGRAPH_WATCH', environment !== 'production'),
  };
}
