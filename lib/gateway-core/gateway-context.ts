export interface GatewayContext {
  requestId: string;
  /** The credential headers of the caller, passed on to subgraphs. */
  forwardedHeaders: Record<string, string>;
  /** The caller's real address. */
  clientAddress: string;
}
