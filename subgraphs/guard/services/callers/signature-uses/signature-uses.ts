/**
 * Where each request signature was first presented, for as long as it could be presented again.
 * A v3 signature covers the timestamp, the key and the body, not the endpoint: remembering its
 * path binds it to one, so a signed `/gate` replayed to `/cancel` is refused, while a retry of
 * the same request to the same path is not.
 */
export interface SignatureUses {
  /**
   * Records `path` for the signature unless it already has one, for `ttlSeconds`; answers the
   * path on record (`path` itself when this is the first use, or a retry).
   */
  claim(signature: string, path: string, ttlSeconds: number): Promise<string>;
  close(): Promise<void>;
}
