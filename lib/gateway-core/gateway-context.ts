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
}
