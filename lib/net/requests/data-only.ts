/**
 * The header a subgraph answers with when its answer is `{"data":{…}}` and nothing else (no
 * errors, no extensions): ours do on the queries they run compiled (subgraph-kit), so that the
 * gateway may pass such an answer on as it came without searching its text
 * (gateway-core/forwarding). Without it, the gateway searches the text for itself.
 */
export const DATA_ONLY_HEADER = 'x-data-only';
