/**
 * The guard wire protocol version (specs/guard-protocol.md) this server speaks, and the only
 * one: the guard subgraph advertises it at `/capabilities` and the shim holds every request's
 * `X-Guard-Protocol` header to it. The SDK, published on its own, keeps its own copy; a spec
 * beside this file fails when the two differ.
 */
export const GUARD_PROTOCOL_VERSION = 3;
