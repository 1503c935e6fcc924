import { GUARD_PROTOCOL_VERSION } from '../../../../lib/guard-protocol';
import { CHAIN_IDLE_TTL_SECONDS } from '../executions/chain-registry';

/** What `/capabilities` advertises. */
export const SERVER_CAPABILITIES = {
  protocolVersion: GUARD_PROTOCOL_VERSION,
  minProtocolVersion: GUARD_PROTOCOL_VERSION,
  maxProtocolVersion: GUARD_PROTOCOL_VERSION,
  serverVersion: '0.1.0',
  sdkMinVersion: '0.12.0',
  heartbeatIntervalSeconds: 30,
  chainIdleTtlSeconds: CHAIN_IDLE_TTL_SECONDS,
};
