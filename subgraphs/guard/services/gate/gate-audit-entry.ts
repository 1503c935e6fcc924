import type { AuditEntry } from '../audit/audit-append';
import type { KeyCaller } from '../callers/key-authenticator';
import type { GateDecision, GateRequest } from './gate-decision';

/**
 * A gate decision as the audit trail keeps it: `gate.<verdict>` (`gate.allow`, `gate.soft_pass`,
 * `gate.block`, `gate.throttle`, `gate.require_approval`) by the calling key, with the reason
 * (`explanation`, and the SDK error code of a refusal) and what it reserved.
 */
export function gateAuditEntry(caller: KeyCaller, request: GateRequest, decision: GateDecision, at: Date): AuditEntry {
  return {
    organisationId: caller.organisationId,
    actor: `key:${caller.keyId}`,
    action: `gate.${decision.decision}`,
    workflowId: decision.workflowId,
    subject: request.tool ?? null,
    at,
    // Keys in code-unit order, values flat: the canonical form is then JSON.stringify's (see canonicalJson).
    details: {
      ...(decision.approvalId && { approvalId: decision.approvalId }),
      errorCode: (decision.details.error_code as string | undefined) ?? null,
      executionId: decision.executionId,
      explanation: decision.explanation,
      model: request.model ?? null,
      projectedCostCents: decision.projectedCostCents,
      reservationId: decision.reservationId,
    },
  };
}
