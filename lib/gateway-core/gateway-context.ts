import type { ForwardingNote } from './forwarding/forwarded-data';

export interface GatewayContext {
  requestId: string;
  /** The credential headers of the caller, passed on to subgraphs. */
  forwardedHeaders: Record<string, string>;
  /** The caller's real address. */
  clientAddress: string;
  /**
   * The answer is read as JSON text (the gateway's HTTP requests, which Apollo Server writes out):
   * it may carry a subgraph's answer passed through as text (forwarding/). Not for an embedded
   * gateway, whose callers read `data` as objects.
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
