import { badInput } from '../../../lib/errors';
import type { GateRequest } from './gate-decision';

const SHORT_FIELDS = ['organisationId', 'executionId', 'traceId', 'operationId', 'idempotencyKey', 'chainId', 'workflowId', 'approvalId', 'model'] as const;
const CHAIN_OPS = ['start', 'continue', 'end', 'auto'];
/** The most tokens one call may estimate at the gate or report in a usage event. */
export const MAX_ESTIMATED_TOKENS = 50_000_000;
const MAX_TOOLS = 200;

/** Sizes and ranges of a gate request; types were checked where the request was parsed. */
export function checkGateRequest(request: GateRequest, toolRequired: boolean): void {
  for (const field of SHORT_FIELDS) {
    const value = request[field];
    if (value !== null && value !== undefined && value.length > 128) throw badInput(field, `${field} must be at most 128 characters`);
  }
  if (toolRequired && !request.tool) throw badInput('tool', 'tool is required');
  if (request.tool && request.tool.length > 200) throw badInput('tool', 'tool must be at most 200 characters');
  if (request.tools && (request.tools.length > MAX_TOOLS || request.tools.some((tool) => tool.length > 200))) {
    throw badInput('tools', `tools must list at most ${MAX_TOOLS} names of at most 200 characters`);
  }
  const tokens = request.estimatedTokens;
  if (tokens !== null && tokens !== undefined && (!Number.isSafeInteger(tokens) || tokens < 0 || tokens > MAX_ESTIMATED_TOKENS)) {
    throw badInput('estimatedTokens', `estimatedTokens must be a whole number from 0 to ${MAX_ESTIMATED_TOKENS}`);
  }
  if (request.chainOp && !CHAIN_OPS.includes(request.chainOp)) throw badInput('chainOp', `chainOp must be one of ${CHAIN_OPS.join(', ')}`);
  if (request.chainOp && !request.chainId) throw badInput('chainId', 'chainId is required with chainOp');
  if (request.mode && request.mode.length > 32) throw badInput('mode', 'mode must be at most 32 characters');
  if (request.checkType && request.checkType.length > 64) throw badInput('checkType', 'checkType must be at most 64 characters');
}
