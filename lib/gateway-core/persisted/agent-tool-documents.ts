import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, Lexer, parse, Source, stripIgnoredCharacters, TokenKind, type OperationDefinitionNode } from 'graphql';

/**
 * One operation marked for agents: a file of `gateway/mcp/tools/`, as the build
 * (scripts/write-trusted-documents.ts) writes it into `dist/agent-tools.json` and the gateway's MCP
 * endpoint reads it back.
 */
export interface AgentToolDocument {
  /** The operation's name in snake case (`ListBrands` → `list_brands`): what tool policies match. */
  name: string;
  /** The document's description: the string before the operation, as the GraphQL draft spec writes it. */
  description: string;
  /** The operation without its description (graphql 16 does not parse one): what runs, and what the trusted manifest holds. */
  document: string;
}

/** `ListBrands` → `list_brands`; `MCPStatus` → `mcp_status`. */
export function toolNameOf(operationName: string): string {
  return operationName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * A tool file read: its leading description (a block or plain string, required: an agent chooses
 * a tool by it), then exactly one named query or mutation. Throws, naming the file, otherwise.
 */
export function readAgentTool(text: string, file: string): AgentToolDocument {
  const lexer = new Lexer(new Source(text, file));
  const first = lexer.advance();
  if (first.kind !== TokenKind.BLOCK_STRING && first.kind !== TokenKind.STRING) throw new Error(`${file}: an agent tool starts with its description (a """block string""")`);
  // One paragraph per blank-line-separated block: the file's line breaks are for its readers only.
  const description = first.value.trim().split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ')).join('\n\n');
  const document = text.slice(first.end).trim();
  const operations = parse(document).definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.length === 1 ? operations[0] : undefined;
  if (!operation?.name || operation.operation === 'subscription') throw new Error(`${file}: an agent tool holds exactly one named query or mutation`);
  if (description === '') throw new Error(`${file}: the description is empty`);
  return { name: toolNameOf(operation.name.value), description, document: stripIgnoredCharacters(document) };
}

/** Every tool of a folder of `.graphql` files, by file name order; two tools of one name are refused. */
export function readAgentTools(folder: string): AgentToolDocument[] {
  const tools = readdirSync(folder)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readAgentTool(readFileSync(join(folder, file), 'utf8'), file));
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new Error(`two agent tools are named ${tool.name}`);
    names.add(tool.name);
  }
  return tools;
}
