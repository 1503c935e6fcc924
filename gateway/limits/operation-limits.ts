import { parse, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { NextFunction, Request, Response } from 'express';
import type { GatewayLimits } from '../../lib/config';
import type { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logging';
import { measureDocument } from './operation-measure';
import { scanTokens } from './token-scan';

/**
 * The gateway's request limits (`GATEWAY_MAX_*`), applied to every operation before Apollo
 * validates or plans it, over HTTP and graphql-ws alike: a bounded tokenizer pass, then a parse,
 * then the operation measures against the API schema. Refusals are 400 GraphQL errors whose
 * `extensions.code` names the limit. What does not parse is left to Apollo to report.
 */
/** Documents whose verdict is remembered: the shim and the SDKs send the same few over and over. */
const REMEMBERED_DOCUMENTS = 1_000;
/** Longer documents are measured every time rather than kept as keys. */
const REMEMBERED_LENGTH = 16 * 1024;

export class OperationLimits {
  private schema: GraphQLSchema | undefined;
  /** Query text → its verdict, for verdicts that do not depend on variables; `null` is a pass. */
  private readonly verdicts = new Map<string, AppError | null>();

  constructor(
    private readonly limits: GatewayLimits,
    private readonly logger: Logger,
  ) {}

  /** The API schema the costs and distinct fields are measured against (set on every load). */
  useSchema(schema: GraphQLSchema): void {
    this.schema = schema;
    this.verdicts.clear();
  }

  /** The limit an operation exceeds, if any. */
  check(query: unknown, variables: unknown): AppError | undefined {
    if (typeof query !== 'string') return undefined;
    const remembered = this.verdicts.get(query);
    if (remembered !== undefined) return remembered ?? undefined;
    const scanned = scanTokens(query, this.limits);
    if (scanned) return scanned;
    let document;
    try {
      document = parse(query, { noLocation: true, maxTokens: this.limits.maxTokens });
    } catch {
      return undefined;
    }
    if (!this.schema) return undefined;
    const values = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {};
    const { refusal, readVariables } = measureDocument(document, this.schema, this.limits, values);
    if (!readVariables && query.length <= REMEMBERED_LENGTH) this.remember(query, refusal ?? null);
    return refusal;
  }

  private remember(query: string, verdict: AppError | null): void {
    if (this.verdicts.size >= REMEMBERED_DOCUMENTS) this.verdicts.delete(this.verdicts.keys().next().value!);
    this.verdicts.set(query, verdict);
  }

  /** For express, after the JSON body parser and before Apollo: GET and POST, single or batched. */
  middleware(): (req: Request, res: Response, next: NextFunction) => void {
    return (req, res, next) => {
      const refused = this.refusalOf(req.method === 'GET' ? fromQueryString(req.query) : req.body, req.log);
      if (!refused) return next();
      res.status(400).json({ errors: [refused.toJSON()] });
    };
  }

  /** The limit a request body (one operation or a batch) exceeds, if any, logged as a refusal. */
  refusalOf(body: unknown, log?: Logger): AppError | undefined {
    let refused: AppError | undefined;
    try {
      for (const request of Array.isArray(body) ? body : [body]) {
        const { query, variables } = (request ?? {}) as { query?: unknown; variables?: unknown };
        refused = this.check(query, variables);
        if (refused) break;
      }
    } catch (error) {
      // A fault of the measure itself must not take GraphQL down: Apollo still validates.
      this.logger.error({ err: error }, 'operation limits could not measure a request');
    }
    if (refused) log?.info({ code: refused.code }, 'operation refused by a request limit');
    return refused;
  }

  /** For graphql-ws's `onSubscribe`: the refusal as the subscription's errors, else the default handling. */
  onSubscribe(): (ctx: unknown, id: string, payload: SubscribePayload) => readonly GraphQLError[] | undefined {
    return (_ctx, _id, payload) => {
      const refused = this.check(payload.query, payload.variables);
      return refused ? [refused] : undefined;
    };
  }
}

function fromQueryString(query: Request['query']): { query?: unknown; variables?: unknown } {
  let variables: unknown;
  try {
    variables = typeof query.variables === 'string' ? JSON.parse(query.variables) : undefined;
  } catch {
    variables = undefined;
  }
  return { query: query.query, variables };
}
