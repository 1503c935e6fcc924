import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { getOperationAST, parse, validate, type GraphQLSchema } from 'graphql';
import type { Logger } from '../../lib/logging';
import type { AgentToolDocument } from '../../lib/gateway-core/persisted/agent-tool-documents';
import { toolInputSchema, type JsonSchema } from './tool-input-schema';

/** An operation marked for agents, ready to be listed and called. */
export interface AgentTool {
  name: string;
  description: string;
  /** The operation's text, as the trusted manifest holds it. */
  document: string;
  operationName: string;
  inputSchema: JsonSchema;
  /** Why the arguments do not fit the input schema, or undefined when they do. */
  check(args: Record<string, unknown>): string | undefined;
}

/**
 * The tools the MCP endpoint serves: the build's `dist/agent-tools.json` (gateway/mcp/tools/),
 * each given its input schema from the API schema the gateway runs, again whenever it loads one.
 * A tool whose operation does not validate against that schema is left out, with an error log line.
 */
export class AgentTools {
  private byName = new Map<string, AgentTool>();
  private readonly ajv = new Ajv({ allErrors: true, strict: false });

  constructor(
    private readonly documents: AgentToolDocument[],
    private readonly logger: Logger,
  ) {}

  /** The catalogue the build wrote; none (a warning) when the file is missing. */
  static read(path: string, logger: Logger): AgentTools {
    let documents: AgentToolDocument[] = [];
    try {
      documents = (JSON.parse(readFileSync(path, 'utf8')) as { tools: AgentToolDocument[] }).tools;
    } catch (error) {
      logger.warn({ path, reason: (error as Error).message }, 'no agent tools: the MCP endpoint lists none');
    }
    return new AgentTools(documents, logger);
  }

  list(): AgentTool[] {
    return [...this.byName.values()];
  }

  find(name: string): AgentTool | undefined {
    return this.byName.get(name);
  }

  useSchema(schema: GraphQLSchema): void {
    const byName = new Map<string, AgentTool>();
    for (const tool of this.documents) {
      try {
        byName.set(tool.name, this.prepare(tool, schema));
      } catch (error) {
        this.logger.error({ tool: tool.name, reason: (error as Error).message }, 'agent tool left out: its operation does not fit the schema');
      }
    }
    this.byName = byName;
  }

  private prepare(tool: AgentToolDocument, schema: GraphQLSchema): AgentTool {
    const document = parse(tool.document);
    const [invalid] = validate(schema, document);
    if (invalid) throw invalid;
    const operation = getOperationAST(document)!;
    const inputSchema = toolInputSchema(schema, operation);
    const fits: ValidateFunction = this.ajv.compile(inputSchema);
    return {
      ...tool,
      operationName: operation.name!.value,
      inputSchema,
      check: (args) => (fits(args) ? undefined : (fits.errors ?? []).map(describeError).join('; ')),
    };
  }
}

/** `featured must be boolean`, `arguments: unknown property "colour"`. */
function describeError(error: ErrorObject): string {
  const at = error.instancePath === '' ? 'arguments' : error.instancePath.slice(1).replace(/\//g, '.');
  if (error.keyword === 'additionalProperties') return `${at}: unknown property "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'required') return `${at}: "${String(error.params.missingProperty)}" is required`;
  if (error.keyword === 'enum') return `${at} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return `${at} ${error.message ?? 'is invalid'}`;
}
