import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { moment } from '../format';
import { OrganisationWorkflowsQuery } from '../operations/workflows';
import { SpendBar } from './SpendBar';
import type { LiveControl } from './live-control';
import { WorkflowControlDialog, type ControlAction } from './WorkflowControlDialog';

interface Props {
  organisationId: string;
  live: LiveControl;
}

/** How often spend is re-read while nothing else happens: spend moves with every call, not as signals. */
const SPEND_REFRESH_MS = 30_000;

/** The organisation's workflows, their state kept live by the control subscription. */
export function WorkflowTable({ organisationId, live }: Props) {
  const [query, refetch] = useQuery({ query: OrganisationWorkflowsQuery, variables: { organisationId } });
  const [open, setOpen] = useState<{ action: ControlAction; workflow: { id: string; name: string } }>();

  // A state change may carry a new budget, or name a workflow made elsewhere: re-read the list.
  useEffect(() => {
    if (live.stateChanges > 0) refetch({ requestPolicy: 'network-only' });
  }, [live.stateChanges, refetch]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refetch({ requestPolicy: 'network-only' });
    }, SPEND_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  const workflows = (query.data?.organisation.workflows ?? []).map((workflow) => {
    const heard = live.states[workflow.id];
    return heard && heard.version >= workflow.version ? { ...workflow, ...heard } : workflow;
  });

  return (
    <section className="panel" aria-labelledby="workflows-title">
      <div className="panel-head">
        <h2 id="workflows-title">Workflows</h2>
        <span className="muted">{workflows.length === 1 ? '1 workflow' : `${workflows.length} workflows`}</span>
      </div>
      <ErrorNotice error={query.error} />
      {query.fetching && !query.data && <p className="muted">Loading workflows…</p>}
      {query.data && workflows.length === 0 && <p className="empty">No workflows yet. Create one with the <code>createWorkflow</code> mutation.</p>}
      {workflows.length > 0 && (
        <table className="table workflows">
          <thead>
            <tr>
              <th scope="col">Workflow</th>
              <th scope="col">State</th>
              <th scope="col">Version</th>
              <th scope="col">Spend and budget</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {workflows.map((workflow) => (
              <tr key={workflow.id} data-workflow-id={workflow.id}>
                <th scope="row" data-label="Workflow">
                  <span className="workflow-name">{workflow.name}</span>
                  <span className="workflow-id">{workflow.id}</span>
                </th>
                <td data-label="State">
                  <span className={`state state-${workflow.state.toLowerCase()}`} data-testid="workflow-state">{workflow.state}</span>
                  {workflow.reason && <span className="state-reason">{workflow.reason}</span>}
                  {workflow.state === 'Paused' && workflow.resumeAfter && <span className="state-reason">until {moment(workflow.resumeAfter)}</span>}
                </td>
                <td data-label="Version">{workflow.version}</td>
                <td data-label="Spend">
                  <SpendBar name={workflow.name} spentCents={workflow.spentCents} budgetCents={workflow.budgetCents} />
                </td>
                <td className="actions">
                  {workflow.state === 'Normal' && (
                    <button type="button" onClick={() => setOpen({ action: 'pause', workflow })} aria-label={`Pause ${workflow.name}`}>Pause</button>
                  )}
                  {workflow.state === 'Paused' && (
                    <button type="button" onClick={() => setOpen({ action: 'resume', workflow })} aria-label={`Resume ${workflow.name}`}>Resume</button>
                  )}
                  {workflow.state !== 'Killed' && (
                    <button type="button" className="button-danger-quiet" onClick={() => setOpen({ action: 'kill', workflow })} aria-label={`Kill ${workflow.name}`}>Kill</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <WorkflowControlDialog action={open.action} workflow={open.workflow} onDone={() => setOpen(undefined)} />}
    </section>
  );
}
