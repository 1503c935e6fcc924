import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kind, type DocumentNode } from 'graphql';
import { BUILT_AGENT_TOOLS, BUILT_TRUSTED_DOCUMENTS } from '../lib/gateway-core/built-manifest';
import { readAgentTools, type AgentToolDocument } from '../lib/gateway-core/persisted/agent-tool-documents';
import * as mcpDocuments from '../gateway/mcp/generated/graph';
import { SHA256_PREFIX, readManifest, sha256Hex } from '../lib/gateway-core/persisted/manifest-formats';
import { operationOf } from '../lib/graph-client';
import * as shimDocuments from '../rest-shim/generated/graph';
import * as webServerDocuments from '../web/server/generated/graph';

/** The console's operations, as GraphQL Code Generator's client preset writes them (codegen.yml). */
const CONSOLE_MANIFEST = resolve(__dirname, '..', '..', 'web', 'src', 'graphql', 'persisted-documents.json');

/** The operations marked for agents: the MCP endpoint's tools (gateway/mcp/tools, docs/mcp.md). */
const AGENT_TOOLS = resolve(__dirname, '..', '..', 'gateway', 'mcp', 'tools');

function isOperationDocument(value: unknown): value is DocumentNode {
  const document = value as DocumentNode | undefined;
  return document?.kind === Kind.DOCUMENT && document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION);
}

/**
 * Writes the gateway's default trusted-document manifest (`dist/trusted-documents.json`, in the
 * client preset's format): every operation our own clients send, as they send it: the shim's and
 * the web server's and the MCP endpoint's (the text `operationOf` prints), the console's, and the
 * agent tools.
 */
export function trustedDocumentsOfOurClients(tools: AgentToolDocument[]): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const documents of [shimDocuments, webServerDocuments, mcpDocuments]) {
    for (const document of Object.values(documents).filter(isOperationDocument)) {
      const { query } = operationOf(document);
      manifest[SHA256_PREFIX + sha256Hex(query)] = query;
    }
  }
  for (const [id, body] of readManifest(readFileSync(CONSOLE_MANIFEST, 'utf8'))) manifest[SHA256_PREFIX + id] = body;
  for (const { document } of tools) manifest[SHA256_PREFIX + sha256Hex(document)] = document;
  return manifest;
}

if (require.main === module) {
  const tools = readAgentTools(AGENT_TOOLS);
  const manifest = trustedDocumentsOfOurClients(tools);
  writeFileSync(BUILT_TRUSTED_DOCUMENTS, `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(BUILT_AGENT_TOOLS, `${JSON.stringify({ tools }, null, 2)}\n`);
  console.log(`${Object.keys(manifest).length} trusted documents written to ${BUILT_TRUSTED_DOCUMENTS}, ${tools.length} agent tools to ${BUILT_AGENT_TOOLS}`);
}
