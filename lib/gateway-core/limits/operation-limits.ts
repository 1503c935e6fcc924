import { parse, type GraphQLError, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import type { GatewayLimits } from '../../config';
import type { AppError } from '../../errors';
import type { Logger } from '../../logging';
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
  /** Trusted documents' verdicts under the current schema (`null`: a pass); a new schema starts a new map. */
  private trustedVerdicts = new WeakMap<object, AppError | null>();

  constructor(
    private readonly limits: GatewayLimits,
    private readonly logger: Logger,
  ) {}

  /** The API schema the costs and distinct fields are measured against (set on every load). */
  useSchema(schema: GraphQLSchema): void {
    this.schema = schema;
    this.verdicts.clear();
    this.trustedVerdicts = new WeakMap();
  }

  /** The limit an operation exceeds, if any. */
  check(query: unknown, variables: unknown): AppError | undefined {
    if (typeof query !== 'string') return undefined;
    const remembered = this.verdicts.get(query);
    if (remembered !== undefined) return remembered ?? undefined;
    const { refusal, reusable } = this.measure(query, variables);
    if (reusable && query.length <= REMEMBERED_LENGTH) this.remember(query, refusal ?? null);
    return refusal;
  }

  /**
   * A trusted document's verdict: measured on its first call and kept for its manifest entry
   * until the schema changes (`null`, a pass), so later calls skip the limits entirely; a verdict
   * that depends on the variables (a `first: $n`) is measured on every call.
   */
  checkTrusted(document: { body: string }, variables: unknown): AppError | undefined {
    const kept = this.trustedVerdicts.get(document);
    if (kept !== undefined) return kept ?? undefined;
    const { refusal, reusable } = this.measure(document.body, variables);
    if (reusable && this.schema) this.trustedVerdicts.set(document, refusal ?? null);
    return refusal;
  }

  private measure(query: string, variables: unknown): { refusal?: AppError; reusable: boolean } {
    const scanned = scanTokens(query, this.limits);
    if (scanned) return { refusal: scanned, reusable: true };
    let document;
    try {
      document = parse(query, { noLocation: true, maxTokens: this.limits.maxTokens });
    } catch {
      return { reusable: false };
    }
    if (!this.schema) return { reusable: false };
    const values = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Record<string, unknown>) : {};
    const { refusal, readVariables } = measureDocument(document, this.schema, this.limits, values);
    return { refusal, reusable: !readVariables };
  }

  private remember(query: string, verdict: AppError | null): void {
    if (this.verdicts.size >= REMEMBERED_DOCUMENTS) this.verdicts.delete(this.verdicts.keys().next().value!);
    this.verdicts.set(query, verdict);
  }

  /** For graphql-ws's `onSubscribe`: the refusal as the subscription's errors, else the default handling. */
  onSubscribe(): (ctx: unknown, id: string, payload: SubscribePayload) => readonly GraphQLError[] | undefined {
    return (_ctx, _id, payload) => {
      const refused = this.check(payload.query, payload.variables);
      return refused ? [refused] : undefined;
    };
  }
}
