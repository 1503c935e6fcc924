import { badInput } from '../../../lib/errors';
import { checkOptionalCount, checkOptionalText } from '../../../lib/validation';
import type { GateRequest } from './gate-decision';

const SHORT_FIELDS = ['organisationId', 'executionId', 'traceId', 'operationId', 'idempotencyKey', 'chainId', 'workflowId', 'approvalId', 'model'] as const;
const CHAIN_OPS = ['start', 'continue', 'end', 'auto'];
/** The most tokens one call may estimate at the gate or report in a usage event. */
export const MAX_ESTIMATED_TOKENS = 50_000_000;
const MAX_TOOLS = 200;

/** Sizes and ranges of a gate request; GraphQL checked the types. */
export function checkGateRequest(request: GateRequest, toolRequired: boolean): void {
  for (const field of SHORT_FIELDS) checkOptionalText(request[field], field, 128);
  if (toolRequired && !request.tool) throw badInput('tool', 'tool is required');
  checkOptionalText(request.tool, 'tool', 200);
  if (request.tools && (request.tools.length > MAX_TOOLS || request.tools.some((tool) => tool.length > 200))) {
    throw badInput('tools', `tools must list at most ${MAX_TOOLS} names of at most 200 characters`);
  }
  checkOptionalCount(request.estimatedTokens, 'estimatedTokens', MAX_ESTIMATED_TOKENS);
  if (request.chainOp && !CHAIN_OPS.includes(request.chainOp)) throw badInput('chainOp', `chainOp must be one of ${CHAIN_OPS.join(', ')}`);
  if (request.chainOp && !request.chainId) throw badInput('chainId', 'chainId is required with chainOp');
  checkOptionalText(request.mode, 'mode', 32);
  checkOptionalText(request.checkType, 'checkType', 64);
}
