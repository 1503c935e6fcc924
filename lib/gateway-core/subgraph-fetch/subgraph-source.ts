import { STATUS_CODES } from 'node:http';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { parseCacheControlHeader } from '@apollo/gateway/dist/datasources/parseCacheControlHeader';
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import { GraphQLError } from 'graphql';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { CALLER_CREDENTIAL_HEADERS, CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../auth';
import { AppError } from '../../errors';
import { DATA_ONLY_HEADER, isBalancerFault } from '../../net';
import { REQUEST_ID_HEADER } from '../../logging';
import { subgraphFetchDuration, subgraphFetches } from '../../metrics';
import type { GatewayContext } from '../gateway-context';
import type { PublicFetches } from './public-fetches';
import { SharedFetches } from './shared-fetches';
import { SubgraphClient, SubgraphResponseTooLarge, type SubgraphReply } from './subgraph-client';

/** What a fetch tells the operation's cache policy (Apollo's `CacheHint`). */
interface CacheHint {
  maxAge?: number;
  scope?: 'PUBLIC' | 'PRIVATE';
}

/** A fetch of a caller's operation (not a health check or a schema load). */
export type IncomingFetch = Extract<GraphQLDataSourceProcessOptions<GatewayContext>, { kind: GraphQLDataSourceRequestKind.INCOMING_OPERATION }>;

/** What `answerBytes` gives: the subgraph's answer as it came when it is data alone, else parsed. */
export type AnswerBytes = { bytes: Buffer } | { response: GatewayGraphQLResponse };

/** A fetch the gateway plans for a query (never a mutation): safe to share with an identical one. */
const QUERY_OPERATION = /^\s*(?:query\b|\{)/;

/** The base class's fetcher, which `process` below replaces: never called. */
const UNUSED_FETCHER: RemoteGraphQLDataSource['fetcher'] = () => Promise.reject(new Error('a SubgraphSource calls its subgraph through its SubgraphClient'));

export interface SubgraphSourceOptions {
  url: string;
  name: string;
  internalToken: string;
  maxResponseBytes: number;
  /**
   * Which fetches ask for public data alone, shared with any caller's (`GATEWAY_SHARE_PUBLIC_FETCHES`);
   * without it, a fetch is shared only with the same caller's.
   */
  publicFetches?: PublicFetches;
}

/**
 * Calls one subgraph, passing on the caller's credentials and the caller's real address, which
 * the subgraph trusts because the internal secret travels with it. Identical query fetches in
 * flight at once (same document, variables and caller headers) share one call; a fetch of public
 * data alone (`PublicFetches`) is shared whoever the callers are. Replaces the fetch-based process
 * of its base class: no fetch Request, Response or Headers objects per call.
 */
export class SubgraphSource extends RemoteGraphQLDataSource<GatewayContext> {
  private readonly client: SubgraphClient;
  private readonly shared = new SharedFetches<SubgraphReply>();
  private readonly name: string;
  private readonly internalToken: string;
  private readonly publicFetches: PublicFetches | undefined;
  private readonly kept = new WeakMap<GatewayContext, { query: string; outcome: Promise<GatewayGraphQLResponse> }>();

  constructor(options: SubgraphSourceOptions) {
    // Given a fetcher, the base class does not load make-fetch-happen (patches/@apollo+gateway+*.patch).
    super({ url: options.url, fetcher: UNUSED_FETCHER });
    this.name = options.name;
    this.internalToken = options.internalToken;
    this.publicFetches = options.publicFetches;
    this.client = new SubgraphClient(options.url, options.maxResponseBytes);
  }

  override process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const kept = options.kind === GraphQLDataSourceRequestKind.INCOMING_OPERATION ? this.takeKept(options) : undefined;
    if (kept) return kept;
    return this.measured(async () => this.parsed(await this.fetch(options), options), (response) => !!response.errors?.length);
  }

  /**
   * The fetch of an operation the gateway forwards whole (gateway-core/forwarding): the answer's
   * bytes as the subgraph sent them, when it is data and nothing else (no errors, no extensions),
   * so that they are also the gateway's answer; else the answer parsed, as `process` returns it.
   */
  answerBytes(options: IncomingFetch): Promise<AnswerBytes> {
    return this.measured(async (): Promise<AnswerBytes> => {
      const reply = await this.fetch(options);
      if (!isDataOnly(reply)) return { response: this.parsed(reply, options) };
      this.restrictCachePolicy(reply, options);
      return { bytes: reply.body };
    }, (answer) => 'response' in answer && !!answer.response.errors?.length);
  }

  /**
   * What the next `process` of the same query for the same caller answers instead of calling the
   * subgraph: an answer already fetched (by `answerBytes`) that the gateway's executor is to shape.
   */
  keepFor(options: IncomingFetch, outcome: Promise<GatewayGraphQLResponse>): void {
    outcome.catch(() => undefined);
    this.kept.set(options.context, { query: options.request.query!, outcome });
  }

  private takeKept(options: IncomingFetch): Promise<GatewayGraphQLResponse> | undefined {
    const kept = this.kept.get(options.context);
    if (!kept || kept.query !== options.request.query) return undefined;
    this.kept.delete(options.context);
    return kept.outcome;
  }

  /** Counts and times a call; a subgraph that cannot be reached is a 503 naming it. */
  private async measured<T>(call: () => Promise<T>, hasErrors: (answer: T) => boolean): Promise<T> {
    const subgraph = this.name;
    const stopTimer = subgraphFetchDuration.startTimer({ subgraph });
    try {
      const answer = await call();
      subgraphFetches.inc({ subgraph, outcome: hasErrors(answer) ? 'error' : 'ok' });
      return answer;
    } catch (error) {
      if (error instanceof GraphQLError) {
        subgraphFetches.inc({ subgraph, outcome: 'error' });
        throw error;
      }
      subgraphFetches.inc({ subgraph, outcome: 'unavailable' });
      // A subgraph that cannot be reached is a 503 naming it, not an anonymous fault.
      const why = error instanceof SubgraphResponseTooLarge ? `answered more than ${error.limit} bytes` : 'is unavailable';
      throw new AppError('SERVICE_UNAVAILABLE', `The ${subgraph} service ${why}`);
    } finally {
      stopTimer();
    }
  }

  /** Sends the query, sharing the call with an identical query in flight. */
  private fetch(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphReply> {
    const { query, variables, operationName } = options.request;
    if (!query) throw new Error('Missing query');
    const headers = this.headersFor(options);
    const body = JSON.stringify({ query, variables, operationName });
    if (!QUERY_OPERATION.test(query)) return this.client.post(headers, body);
    if (options.kind === GraphQLDataSourceRequestKind.INCOMING_OPERATION && this.publicFetches?.isPublic(query, operationName)) return this.sharedPublic(headers, body);
    return this.shared.share(sharingKey(headers, body, FIRST_CALLER_ONLY), () => this.client.post(headers, body));
  }

  /**
   * A fetch of public data alone, shared with the same fetch in flight for any caller: its key
   * leaves out the credentials and the address (the subgraph sees the first caller's). A caller
   * who joined another's fetch takes its answer only when it is data alone: an error may be the
   * other caller's own (a credential refused), so this caller asks again with its own.
   */
  private async sharedPublic(headers: Record<string, string>, body: string): Promise<SubgraphReply> {
    let own = false;
    // Marked apart from the body alone, so it never meets a caller's own key.
    const key = sharingKey(headers, `public\n${body}`, PER_CALLER_HEADERS);
    const reply = await this.shared.share(key, () => {
      own = true;
      return this.client.post(headers, body);
    });
    return own || isDataOnly(reply) ? reply : this.client.post(headers, body);
  }

  private parsed(reply: SubgraphReply, options: GraphQLDataSourceProcessOptions<GatewayContext>): GatewayGraphQLResponse {
    const parsed = parseReply(reply);
    // Not a GraphQLError: process() makes it the 503 of an unavailable subgraph, naming it.
    if (typeof parsed === 'string' && isBalancerFault(reply.status)) throw new Error(`The load balancer in front of ${this.name} answered ${reply.status}`);
    if (reply.status < 200 || reply.status > 299) throw failedReply(this.url!, reply.status, parsed);
    if (typeof parsed !== 'object' || parsed === null) throw new Error(`Expected a JSON object from the ${this.name} service`);
    this.restrictCachePolicy(reply, options);
    return parsed as GatewayGraphQLResponse;
  }

  private restrictCachePolicy(reply: SubgraphReply, options: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    if (options.kind !== GraphQLDataSourceRequestKind.INCOMING_OPERATION) return;
    const policy = options.incomingRequestContext.overallCachePolicy;
    if (policy && 'restrict' in policy) policy.restrict(cacheHint(reply.headers['cache-control']));
  }

  /** The caller's credentials and address, vouched for by the internal secret. */
  private headersFor(options: GraphQLDataSourceProcessOptions<GatewayContext>): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const [name, value] of options.request.http?.headers ?? []) headers[name] = value;
    // Health checks and schema loads are the gateway's own calls: no caller to speak for.
    if (options.kind !== GraphQLDataSourceRequestKind.INCOMING_OPERATION) return headers;
    const { context } = options;
    Object.assign(headers, context.forwardedHeaders);
    headers[CLIENT_ADDRESS_HEADER] = context.clientAddress;
    headers[INTERNAL_TOKEN_HEADER] = this.internalToken;
    return headers;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** Left out of a fetch's key: the request id, which names the first caller only. */
const FIRST_CALLER_ONLY: ReadonlySet<string> = new Set([REQUEST_ID_HEADER]);

/**
 * Left out of a public fetch's key too: what tells one caller from another, which a fetch of
 * public data alone does not depend on. Every other header (the user agent, a vouched digest)
 * may still change an answer, and stays in.
 */
const PER_CALLER_HEADERS: ReadonlySet<string> = new Set([...FIRST_CALLER_ONLY, CLIENT_ADDRESS_HEADER, ...CALLER_CREDENTIAL_HEADERS]);

/** A fetch's sharing key: `start` (the body, or a public fetch's mark and body), then every header but those `leftOut`. */
function sharingKey(headers: Record<string, string>, start: string, leftOut: ReadonlySet<string>): string {
  let key = start;
  for (const name of Object.keys(headers).sort()) if (!leftOut.has(name)) key += `\n${name}:${headers[name]}`;
  return key;
}

const DATA_START = Buffer.from('{"data":{');
const ERRORS_KEY = Buffer.from('"errors"');
const EXTENSIONS_KEY = Buffer.from('"extensions"');

/**
 * A 2xx JSON answer that is `{"data":{…}}` and nothing else: as our subgraphs say of theirs
 * (`DATA_ONLY_HEADER`), else read on the bytes (UTF-8 keeps ASCII as it is), conservatively: an
 * answer whose text holds the key `"errors"` or `"extensions"` anywhere, even as a field or alias
 * of its data, is not one.
 */
function isDataOnly(reply: SubgraphReply): boolean {
  if (reply.status < 200 || reply.status > 299 || !isJson(reply)) return false;
  const { body } = reply;
  if (!body.subarray(0, DATA_START.length).equals(DATA_START)) return false;
  return reply.headers[DATA_ONLY_HEADER] === '1' || (!body.includes(ERRORS_KEY) && !body.includes(EXTENSIONS_KEY));
}

function isJson(reply: SubgraphReply): boolean {
  const type = String(reply.headers['content-type'] ?? '');
  return type.startsWith('application/json') || type.startsWith('application/graphql-response+json');
}

/** Each caller parses its own copy: the gateway merges results into what it is given. */
function parseReply(reply: SubgraphReply): unknown {
  const text = reply.body.toString('utf8');
  return isJson(reply) ? JSON.parse(text) : text;
}

/** What a subgraph's `Cache-Control` allows, as the base class reads it (no header: not cacheable). */
function cacheHint(header: string | string[] | undefined): CacheHint {
  const parsed = parseCacheControlHeader(Array.isArray(header) ? header.join(', ') : header);
  const maxAge = parsed['max-age'];
  const hint: CacheHint = { maxAge: typeof maxAge === 'string' && /^[0-9]+$/.test(maxAge) ? Number(maxAge) : 0 };
  if (parsed['private'] === true) hint.scope = 'PRIVATE';
  if (parsed['public'] === true) hint.scope = 'PUBLIC';
  return hint;
}

function failedReply(url: string, status: number, body: unknown): GraphQLError {
  const statusText = STATUS_CODES[status] ?? '';
  const code = status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : undefined;
  return new GraphQLError(`${status}: ${statusText}`, { extensions: { ...(code && { code }), response: { url, status, statusText, body } } });
}
