import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { AuditExportQuery, AuditTrailQuery } from '../operations/audit';
import { downloadAuditExport } from './audit-export';

interface Props {
  organisationId: string;
}

const PAGE = 20;
/** The action families an operator narrows the trail to (`gate.` matches every gate decision). */
const FAMILIES: Array<[string, string]> = [
  ['', 'Everything'],
  ['gate.', 'Gate decisions'],
  ['workflow.', 'Workflow changes'],
  ['policy.', 'Tool policies'],
  ['approval.', 'Approvals'],
  ['key.', 'API keys'],
];

/** What a record says in a few words: a gate decision's reason, a change's reason or new value. */
function summaryOf(details: Record<string, unknown>): string {
  const parts = [details.explanation, details.errorCode, details.reason, details.budgetCents !== undefined ? `budget ${details.budgetCents as number} ¢` : undefined, details.pattern, details.action];
  return parts.filter((part) => typeof part === 'string' || typeof part === 'number').join(' · ');
}

/** The organisation's audit trail, newest first, a page at a time, with an export of the whole chain. */
export function AuditPanel({ organisationId }: Props) {
  const [family, setFamily] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
  const [query] = useQuery({ query: AuditTrailQuery, variables: { organisationId, first: PAGE, after, filter: family ? { action: family } : null }, requestPolicy: 'cache-and-network' });
  const client = useClient();
  const [exporting, setExporting] = useState<string>();
  const page = query.data?.auditTrail;

  const exportChain = async () => {
    setExporting('Exporting…');
    const outcome = await downloadAuditExport((afterSeq) => client.query(AuditExportQuery, { organisationId, afterSeq }, { requestPolicy: 'network-only' }).toPromise(), `audit-${organisationId}.jsonl`);
    setExporting(outcome);
  };

  return (
    <section className="panel" aria-labelledby="audit-title">
      <div className="panel-head">
        <h2 id="audit-title">Audit trail</h2>
        <div className="inline-form">
          <label className="visually-hidden" htmlFor="audit-family">Show</label>
          <select id="audit-family" value={family} onChange={(event) => { setFamily(event.target.value); setCursors([]); }}>
            {FAMILIES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
          <button type="button" className="button-quiet" onClick={() => void exportChain()}>Export JSON Lines</button>
        </div>
      </div>
      {exporting && <p className="muted" role="status">{exporting}</p>}
      <ErrorNotice error={query.error} />
      {page && page.records.length === 0 && <p className="empty">Nothing on record yet. Gate decisions and every change to workflows, policies, approvals and keys appear here.</p>}
      {page && page.records.length > 0 && (
        <table className="table audit-table">
          <thead>
            <tr><th scope="col">#</th><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Details</th></tr>
          </thead>
          <tbody>
            {page.records.map((record) => (
              <tr key={record.seq}>
                <th scope="row" data-label="#">{record.seq}</th>
                <td data-label="When"><time dateTime={record.at}>{new Date(record.at).toLocaleString()}</time></td>
                <td data-label="Who" className="mono">{record.actor}</td>
                <td data-label="What"><span className="badge">{record.action}</span>{record.subject && <span className="muted"> {record.subject}</span>}</td>
                <td data-label="Details" title={`hash ${record.hash}`}>{summaryOf(record.details as Record<string, unknown>)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="panel-foot">
        <button type="button" className="button-quiet" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>Newer</button>
        <button type="button" className="button-quiet" disabled={!page?.hasMore} onClick={() => page?.endCursor && setCursors([...cursors, page.endCursor])}>Older</button>
      </div>
    </section>
  );
}
