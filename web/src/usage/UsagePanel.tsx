import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { count, money } from '../format';
import { DailyModelUsageQuery } from '../operations/usage';
import { UsageChart } from './UsageChart';
import { dailySeries, modelTotals, type Metric } from './usage-series';

interface Props {
  organisationId: string;
}

const METRICS: Record<Metric, { label: string; format(value: number): string }> = {
  costCents: { label: 'Cost', format: money },
  tokens: { label: 'Tokens', format: count },
  calls: { label: 'Calls', format: count },
};

/** Usage per model and per day as a stacked bar chart, with the window's totals. */
export function UsagePanel({ organisationId }: Props) {
  const [days, setDays] = useState(14);
  const [metric, setMetric] = useState<Metric>('costCents');
  const [query, refetch] = useQuery({ query: DailyModelUsageQuery, variables: { organisationId, days }, requestPolicy: 'cache-and-network' });
  const daysField = useId();
  const metricField = useId();

  const rows = query.data?.dailyModelUsage ?? [];
  const totals = modelTotals(rows);
  const series = dailySeries(rows, metric, days);
  const sum = (pick: (total: (typeof totals)[number]) => number) => totals.reduce((acc, total) => acc + pick(total), 0);
  const { format, label } = METRICS[metric];

  return (
    <section className="panel" aria-labelledby="usage-title">
      <div className="panel-head">
        <h2 id="usage-title">Usage</h2>
        <div className="inline-form">
          <label htmlFor={metricField}>Show</label>
          <select id={metricField} value={metric} onChange={(event) => setMetric(event.target.value as Metric)}>
            {Object.entries(METRICS).map(([value, { label: text }]) => <option key={value} value={value}>{text}</option>)}
          </select>
          <label htmlFor={daysField}>over</label>
          <select id={daysField} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            <option value={7}>7 days</option>
            <option value={14}>14 days</option>
            <option value={30}>30 days</option>
            <option value={90}>90 days</option>
          </select>
          <button type="button" onClick={() => refetch({ requestPolicy: 'network-only' })}>Refresh</button>
        </div>
      </div>
      <ErrorNotice error={query.error} />
      <dl className="totals" aria-label="Totals over the window">
        <div><dt>Cost</dt><dd data-testid="total-cost">{money(sum((t) => t.costCents))}</dd></div>
        <div><dt>Tokens</dt><dd data-testid="total-tokens">{count(sum((t) => t.tokens))}</dd></div>
        <div><dt>Calls</dt><dd data-testid="total-calls">{count(sum((t) => t.calls))}</dd></div>
      </dl>
      {totals.length > 0 && <UsageChart series={series} models={totals.map((total) => total.model)} format={format} label={`${label} per model and per day over the last ${days} days`} />}
      {totals.length === 0 && query.data && <p className="empty">No usage in this window yet.</p>}
      {totals.length > 0 && (
        <table className="table usage">
          <caption className="visually-hidden">Totals per model</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Calls</th>
              <th scope="col">Tokens</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((total) => (
              <tr key={total.model} data-model={total.model}>
                <th scope="row" data-label="Model">{total.model}</th>
                <td data-label="Calls">{count(total.calls)}</td>
                <td data-label="Tokens">{count(total.tokens)}</td>
                <td data-label="Cost">{money(total.costCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
