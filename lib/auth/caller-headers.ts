/**
 * The request headers that carry a caller's credentials (DESIGN.md, "Identity and trust"), with
 * the guard protocol's request signature. The shim passes these to the gateway, the gateway to
 * the subgraphs, and the logs never show their values.
 */
export const CALLER_CREDENTIAL_HEADERS = [
  'authorization',
  'authentication',
  'x-access-token',
  'x-api-key',
  'x-installer-token',
  'x-generator-token',
  'x-signature',
  'x-signature-timestamp',
] as const;
