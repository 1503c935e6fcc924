import { resolve } from 'node:path';

/**
 * The manifest of our own clients' operations the build writes (scripts/write-trusted-documents),
 * the gateway's unless `GATEWAY_TRUSTED_DOCUMENTS_PATH` names another. A module at the top of
 * gateway/ so that `__dirname` is the same in the compiled tree and in the part's bundle.
 */
export const BUILT_TRUSTED_DOCUMENTS = resolve(__dirname, '..', 'trusted-documents.json');

/** The operations marked for agents (gateway/mcp/tools/) the build writes: the MCP endpoint's tools. */
export const BUILT_AGENT_TOOLS = resolve(__dirname, '..', 'agent-tools.json');
