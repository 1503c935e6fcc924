import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { money } from '../format';
import { WorkflowSpendQuery } from '../operations/spend';
import { OrganisationWorkflowsQuery } from '../operations/workflows';
import { SpendChart } from './SpendChart';
import { hourlySeries, workflowTotals } from './spend-series';

interface Props {
  organisationId: string;
}

/** Each workflow's spend per hour: a runaway shows as a line climbing away from the others. */
export function WorkflowSpendPanel({ organisationId }: Props) {
  const [hours, setHours] = useState(24);
  const [spend, refetch] = useQuery({ query: WorkflowSpendQuery, variables: { organisationId, hours }, requestPolicy: 'cache-and-network' });
  const [workflows] = useQuery({ query: OrganisationWorkflowsQuery, variables: { organisationId } });
  const hoursField = useId();

  const names = new Map((workflows.data?.organisation.workflows ?? []).map((workflow) => [workflow.id, workflow.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const rows = spend.data?.workflowSpend ?? [];
  const totals = workflowTotals(rows, nameOf);

  return (
    <section className="panel" aria-labelledby="spend-title">
      <div className="panel-head">
        <h2 id="spend-title">Spend per workflow</h2>
        <div className="inline-form">
          <label htmlFor={hoursField}>Last</label>
          <select id={hoursField} value={hours} onChange={(event) => setHours(Number(event.target.value))}>
            <option value={6}>6 hours</option>
            <option value={24}>24 hours</option>
            <option value={72}>3 days</option>
            <option value={168}>7 days</option>
          </select>
          <button type="button" onClick={() => refetch({ requestPolicy: 'network-only' })}>Refresh</button>
        </div>
      </div>
      <ErrorNotice error={spend.error} />
      {totals.length > 0 && (
        <SpendChart series={hourlySeries(rows, hours, nameOf)} workflows={totals.map((total) => total.name)} label={`Spend of each workflow per hour over the last ${hours} hours`} />
      )}
      {totals.length === 0 && spend.data && <p className="empty">No spend in this window yet.</p>}
      {totals.length > 0 && (
        <table className="table spend">
          <caption className="visually-hidden">Spend per workflow over the window</caption>
          <thead>
            <tr>
              <th scope="col">Workflow</th>
              <th scope="col">Spend</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={total.name} data-workflow={total.name}>
                <th scope="row" data-label="Workflow">{total.name}</th>
                <td data-label="Spend">{money(total.costCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
