import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The checkout's (or the image's) root, the directory holding package.json, found upward from this
 * module: the same answer from the sources, the compiled tree (dist/lib/gateway-core/) and a part's
 * bundle (dist/gateway/, dist/rest-shim/), which sit at different depths.
 */
function installRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}`);
  }
}

const ROOT = installRoot();

/** The committed supergraph composed by `npm run schema`, served unless `SUPERGRAPH_PATH` names another. */
export const SUPERGRAPH_PATH = join(ROOT, 'schema', 'supergraph.graphql');

/**
 * The manifest of our own clients' operations the build writes (scripts/write-trusted-documents),
 * the gateway's unless `GATEWAY_TRUSTED_DOCUMENTS_PATH` names another.
 */
export const BUILT_TRUSTED_DOCUMENTS = join(ROOT, 'dist', 'trusted-documents.json');

/** The operations marked for agents (gateway/mcp/tools/) the build writes: the MCP endpoint's tools. */
export const BUILT_AGENT_TOOLS = join(ROOT, 'dist', 'agent-tools.json');
