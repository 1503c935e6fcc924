import type { HTTPGraphQLResponse } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import { utf8Pieces, type EncodedBody } from '../../net';

/**
 * Where the executor notes the subgraph answer an operation's data was passed through as: given
 * in the context (`GatewayContext.forwarded`) by the request path that writes the HTTP answer,
 * which then writes that answer's bytes (`forwardedBody`).
 */
export interface ForwardingNote {
  data?: ForwardedData;
}

/**
 * What Apollo Server's text of an answer is while the answer is a forwarded one whose bytes (or
 * pieces) its writer sends (`forwardedBody` replaces it): no 250 KB string is decoded only to be
 * encoded again. Not JSON, so never mistaken for an answer.
 */
const STAND_IN = '\u0000forwarded\u0000';

/**
 * The largest answer kept and written as the bytes it came as; a larger one is decoded at once
 * into pieces of text (utf8Pieces) and its bytes let go. A buffer of its own (one past node's pool)
 * held until the socket takes it is V8 external memory: under distinct calls of the bench's 250 KB
 * answer it made V8 collect its old generation about eight times as often. Decoded into one
 * string, the answer is a large object on pages of its own, and written as one, node encodes it
 * into a buffer three times its length: 2.6 ms of the gateway's CPU per call, against 0.6-0.9 ms
 * in pieces (docs/decisions/large-answers-written-in-pieces.md).
 */
const LARGEST_WRITTEN_AS_BYTES = 64 * 1024;

/**
 * An operation's data as the subgraph that answered it sent it: the JSON text written out as it
 * came, its bytes up to LARGEST_WRITTEN_AS_BYTES and pieces of text beyond. Only answers to
 * callers that take one carry it (`GatewayContext.answersAsText`: the gateway's HTTP answers, and
 * the embedded gateway's, which parses it). Read as an object anywhere else, it is parsed.
 */
export class ForwardedData {
  private readonly bytes: Buffer | undefined;
  private readonly pieces: readonly string[] | undefined;
  private decoded: string | undefined;
  private stoodIn = false;

  /**
   * `bytes` are the subgraph's whole answer, `{"data":…}` and nothing else, in UTF-8;
   * `noted`: the request path reads it from its note and writes its body (`forwardedBody`).
   */
  constructor(
    bytes: Buffer,
    private readonly noted: boolean,
  ) {
    if (bytes.length <= LARGEST_WRITTEN_AS_BYTES) this.bytes = bytes;
    else this.pieces = utf8Pieces(bytes);
  }

  /** The answer's text, decoded (or joined) on first use. */
  get text(): string {
    return (this.decoded ??= this.bytes ? this.bytes.toString('utf8') : this.pieces!.join(''));
  }

  /** Apollo Server's text of the answer: the stand-in when the request path writes the body. */
  stringified(): string {
    if (!this.noted) return this.text;
    this.stoodIn = true;
    return STAND_IN;
  }

  /** Whether `text` is this answer's stand-in (and so Apollo's answer is this data, whole). */
  isStoodInBy(text: string): boolean {
    return this.stoodIn && text === STAND_IN;
  }

  /** The body its writer sends: the bytes or the pieces, with the text for anything else that reads it. */
  body(): EncodedBody {
    const { bytes, pieces } = this;
    const text = () => this.text;
    return {
      kind: 'complete',
      ...(bytes ? { bytes } : { pieces }),
      get string() {
        return text();
      },
    };
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
 * forwarded whole, its body is that answer's bytes or pieces (ForwardedData.body), which its
 * writer sends as they are, and its text, decoded only when something reads it (a batch, the
 * response cache). Any other answer is as Apollo made it.
 */
export function forwardedBody(answer: HTTPGraphQLResponse, note: ForwardingNote): HTTPGraphQLResponse {
  const data = note.data;
  if (!data || answer.body.kind !== 'complete' || !data.isStoodInBy(answer.body.string)) return answer;
  return { ...answer, body: data.body() };
}
