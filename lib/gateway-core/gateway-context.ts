import type { ForwardingNote } from './forwarding/forwarded-data';

export interface GatewayContext {
  requestId: string;
  /** The credential headers of the caller, passed on to subgraphs. */
  forwardedHeaders: Record<string, string>;
  /** The caller's real address. */
  clientAddress: string;
  /**
   * The answer's data may be a subgraph's answer passed through as text (forwarding/): the
   * gateway's HTTP requests, which Apollo Server writes out, and the embedded gateway, which
   * parses it once (`ForwardedData.toJSON`) for its routes. Not for anything else, which reads
   * `data` as objects.
   */
  answersAsText?: boolean;
  /**
   * Where the executor notes the subgraph answer this operation's data was passed through as
   * (forwarding/): given by the request path that writes the answer's bytes. An object of its
   * own, so that the note reaches that path through Apollo Server's copy of the context (it runs
   * each operation on a shallow copy).
   */
  forwarded?: ForwardingNote;
}
