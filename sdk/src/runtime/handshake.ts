import { SvcProtocolError } from '../errors/transport-errors';
import type { KeyIdentity } from '../gate/gatekeeper';
import type { GuardClient } from '../transport/guard-client';
import { isRecord } from '../is-record';
import { PROTOCOL_VERSION, SDK_MIN_VERSION_FOR_V3, SDK_VERSION } from '../version';
import { debugLog } from '../debug-log';

/** What `GET /capabilities` says about the gateway. */
export interface GatewayCapabilities {
  readonly protocolVersion: number;
  readonly minProtocolVersion: number;
  readonly maxProtocolVersion: number;
  readonly serverVersion: string | null;
  readonly sdkMinVersion: string | null;
  readonly heartbeatIntervalSeconds: number;
}

/**
 * Probes `/capabilities` and checks this SDK's protocol version is in the gateway's range.
 * Throws SvcProtocolError when it is not; transport errors propagate for the caller to judge.
 */
export async function probeCapabilities(client: GuardClient): Promise<GatewayCapabilities> {
  const answer = await client.get<unknown>('/capabilities', { anonymous: true, bypassBreaker: true });
  if (!isRecord(answer)) throw new SvcProtocolError('/api/v1/capabilities did not answer with a JSON object');
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const protocolVersion = number(answer.protocol_version, PROTOCOL_VERSION);
  const capabilities: GatewayCapabilities = {
    protocolVersion,
    minProtocolVersion: number(answer.min_protocol_version, protocolVersion),
    maxProtocolVersion: number(answer.max_protocol_version, protocolVersion),
    serverVersion: typeof answer.server_version === 'string' ? answer.server_version : null,
    sdkMinVersion: typeof answer.sdk_min_version === 'string' ? answer.sdk_min_version : null,
    heartbeatIntervalSeconds: number(isRecord(answer.capabilities) ? answer.capabilities.heartbeat_interval_seconds : undefined, 30),
  };
  if (PROTOCOL_VERSION < capabilities.minProtocolVersion) {
    throw new SvcProtocolError(
      `The gateway requires protocol ${capabilities.minProtocolVersion} or newer; this SDK (${SDK_VERSION}) speaks ${PROTOCOL_VERSION}. Upgrade @switchyard/sdk.`,
      { minRequiredVersion: capabilities.minProtocolVersion },
    );
  }
  if (PROTOCOL_VERSION > capabilities.maxProtocolVersion) {
    throw new SvcProtocolError(
      `The gateway speaks protocol ${capabilities.maxProtocolVersion} at most; this SDK needs ${PROTOCOL_VERSION} (SDK ${SDK_MIN_VERSION_FOR_V3} and later). Upgrade the gateway or use an older SDK.`,
      { minRequiredVersion: capabilities.minProtocolVersion },
    );
  }
  if (capabilities.sdkMinVersion && compareVersions(SDK_VERSION, capabilities.sdkMinVersion) < 0) {
    debugLog(`the gateway recommends SDK ${capabilities.sdkMinVersion} or newer; this is ${SDK_VERSION}`);
  }
  return capabilities;
}

/** `POST /auth/verify`: who the key belongs to, and its signing secret when it has one. */
export async function verifyKey(
  client: GuardClient,
  apiKey: string,
  bypassBreaker: boolean,
): Promise<KeyIdentity & { secretKey: string | null }> {
  const answer = await client.post<unknown>('/auth/verify', { api_key: apiKey }, { unsigned: true, bypassBreaker });
  if (!isRecord(answer) || (typeof answer.organization_id !== 'string' && typeof answer.organization_id !== 'number')) {
    throw new SvcProtocolError('/api/v1/auth/verify did not name the organisation of the key');
  }
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
  return {
    organisationId: String(answer.organization_id),
    organisationName: text(answer.organization_name),
    boundWorkflowId: text(answer.workflow_id),
    keyVersion: typeof answer.key_version === 'number' ? answer.key_version : null,
    secretKey: typeof answer.secret_key === 'string' && answer.secret_key !== '' ? answer.secret_key : null,
  };
}

/** Orders dotted numeric versions (`0.12.0` < `0.13.1`). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
