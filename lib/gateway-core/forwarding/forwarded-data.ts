import type { HTTPGraphQLResponse } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import type { EncodedBody } from '../../net';

/**
 * Where the executor notes the subgraph answer an operation's data was passed through as: given
 * in the context (`GatewayContext.forwarded`) by the request path that writes the HTTP answer,
 * which then writes that answer's bytes (`forwardedBody`).
 */
export interface ForwardingNote {
  data?: ForwardedData;
}

/**
 * What Apollo Server's text of an answer is while the answer is a forwarded one whose bytes its
 * writer sends (`forwardedBody` replaces it): no 250 KB string is decoded only to be encoded again.
 * Not JSON, so never mistaken for an answer.
 */
const STAND_IN = '\u0000forwarded\u0000';

/**
 * The largest answer written as the bytes it came as; a larger one is decoded and written as text.
 * Holding a buffer of its own (one past node's pool) until the socket takes it made V8 collect its
 * old generation about eight times as often under distinct calls of the bench's 250 KB answer
 * (its external memory), which cost the gateway more per call than decoding and encoding saves.
 */
const LARGEST_WRITTEN_AS_BYTES = 64 * 1024;

/**
 * An operation's data as the subgraph that answered it sent it: the bytes of its JSON, written
 * out as they are. Only the gateway's HTTP answers carry one (`GatewayContext.answersAsText`).
 * Read as an object anywhere else, it is parsed.
 */
export class ForwardedData {
  private decoded: string | undefined;
  private stoodIn = false;

  /**
   * `bytes` are the subgraph's whole answer, `{"data":…}` and nothing else, in UTF-8;
   * `noted`: the request path reads it from its note and writes the bytes.
   */
  constructor(
    readonly bytes: Buffer,
    private readonly noted: boolean,
  ) {}

  /** The answer's text, decoded on first use. */
  get text(): string {
    return (this.decoded ??= this.bytes.toString('utf8'));
  }

  /** Apollo Server's text of the answer: the stand-in when the request path writes the bytes. */
  stringified(): string {
    if (!this.noted || this.bytes.length > LARGEST_WRITTEN_AS_BYTES) return this.text;
    this.stoodIn = true;
    return STAND_IN;
  }

  /** Whether `text` is this answer's stand-in (and so Apollo's answer is this data, whole). */
  isStoodInBy(text: string): boolean {
    return this.stoodIn && text === STAND_IN;
  }

  toJSON(): unknown {
    return (JSON.parse(this.text) as { data: unknown }).data;
  }
}

/** Apollo Server's `stringifyResult`: its own (`JSON.stringify` and a newline), but a forwarded answer as it came. */
export function stringifyAnswer(result: FormattedExecutionResult): string {
  if (result.data instanceof ForwardedData && result.errors === undefined && result.extensions === undefined) return result.data.stringified();
  return JSON.stringify(result) + '\n';
}

/**
 * Apollo Server's HTTP answer of an operation run with `note` in its context. When its data was
 * forwarded whole, its body is that answer's bytes, which its writer sends as they are, and its
 * text, decoded only when something reads it (a batch, the response cache). Any other answer is
 * as Apollo made it.
 */
export function forwardedBody(answer: HTTPGraphQLResponse, note: ForwardingNote): HTTPGraphQLResponse {
  const data = note.data;
  if (!data || answer.body.kind !== 'complete' || !data.isStoodInBy(answer.body.string)) return answer;
  const body: EncodedBody = {
    kind: 'complete',
    bytes: data.bytes,
    get string() {
      return data.text;
    },
  };
  return { ...answer, body };
}
