import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { PendingApprovalsQuery } from '../operations/approvals';
import { OrganisationWorkflowsQuery } from '../operations/workflows';
import type { LiveControl } from '../workflows/live-control';
import { ApprovalCard } from './ApprovalCard';

interface Props {
  organisationId: string;
  live: LiveControl;
}

/** An empty list names no Approval: say which type it holds (stable: urql compares it). */
const APPROVALS_CONTEXT = { additionalTypenames: ['Approval'] };

/** Approval requests still waiting, re-read whenever the control channel says one came or went. */
export function ApprovalList({ organisationId, live }: Props) {
  const [query, refetch] = useQuery({ query: PendingApprovalsQuery, variables: { organisationId }, context: APPROVALS_CONTEXT });
  const [workflows] = useQuery({ query: OrganisationWorkflowsQuery, variables: { organisationId } });
  useEffect(() => {
    if (live.approvalSignals > 0) refetch({ requestPolicy: 'network-only' });
  }, [live.approvalSignals, refetch]);

  // A request the agent stopped waiting for cannot be answered: it leaves the list when it expires.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const names = new Map((workflows.data?.organisation.workflows ?? []).map((workflow) => [workflow.id, workflow.name]));
  const pending = (query.data?.pendingApprovals ?? []).filter((approval) => Date.parse(approval.expiresAt) > now);

  return (
    <section className="panel" aria-labelledby="approvals-title">
      <div className="panel-head">
        <h2 id="approvals-title">Pending approvals</h2>
        <span className={pending.length > 0 ? 'badge badge-attention' : 'badge'} aria-live="polite">{pending.length} waiting</span>
      </div>
      <ErrorNotice error={query.error} />
      {query.data && pending.length === 0 && <p className="empty">Nothing waits for you. Calls of tools that need approval appear here as they happen.</p>}
      {pending.length > 0 && (
        <ul className="approvals">
          {pending.map((approval) => (
            <ApprovalCard key={approval.id} approval={approval} workflowName={names.get(approval.workflowId) ?? approval.workflowId} />
          ))}
        </ul>
      )}
    </section>
  );
}
