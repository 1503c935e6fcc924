import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { moment } from '../format';
import type { PendingApprovalsQuery } from '../graphql/graphql';
import { ResolveApprovalMutation } from '../operations/approvals';

type Approval = PendingApprovalsQuery['pendingApprovals'][number];

interface Props {
  approval: Approval;
  workflowName: string;
}

/** One call of a sensitive tool waiting for an operator: its input, a note, approve or deny. */
export function ApprovalCard({ approval, workflowName }: Props) {
  const [note, setNote] = useState('');
  const [resolution, resolve] = useMutation(ResolveApprovalMutation);
  const noteId = useId();
  const decide = (approved: boolean) => resolve({ id: approval.id, approved, note: note.trim() || null });
  const subject = `${approval.tool} in ${workflowName}`;

  return (
    <li className="approval" data-approval-id={approval.id}>
      <div className="approval-head">
        <span className="approval-tool">{approval.tool}</span>
        <span className="muted">in {workflowName}</span>
        <span className="muted approval-expiry">expires {moment(approval.expiresAt)}</span>
      </div>
      {approval.input !== null && approval.input !== undefined && (
        <pre className="approval-input" aria-label={`Input of ${subject}`}>{JSON.stringify(approval.input, null, 2)}</pre>
      )}
      <ErrorNotice error={resolution.error} />
      <label htmlFor={noteId}><span>Note <span className="muted">(optional; the agent sees it)</span></span></label>
      <div className="approval-actions">
        <input id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        <button type="button" className="button-primary" disabled={resolution.fetching} onClick={() => decide(true)} aria-label={`Approve ${subject}`}>Approve</button>
        <button type="button" className="button-danger-quiet" disabled={resolution.fetching} onClick={() => decide(false)} aria-label={`Deny ${subject}`}>Deny</button>
      </div>
    </li>
  );
}
