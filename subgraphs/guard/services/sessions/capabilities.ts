import { CHAIN_IDLE_TTL_SECONDS } from '../executions/chain-registry';

/** The protocol version this server speaks; it speaks no other. */
export const GUARD_PROTOCOL_VERSION = 3;

/** What `/capabilities` advertises. */
export const GUARD_CAPABILITIES = {
  protocolVersion: GUARD_PROTOCOL_VERSION,
  minProtocolVersion: GUARD_PROTOCOL_VERSION,
  maxProtocolVersion: GUARD_PROTOCOL_VERSION,
  serverVersion: '0.1.0',
  sdkMinVersion: '0.12.0',
  heartbeatIntervalSeconds: 30,
  chainIdleTtlSeconds: CHAIN_IDLE_TTL_SECONDS,
};
