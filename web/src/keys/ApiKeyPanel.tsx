import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { moment } from '../format';
import { ApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation } from '../operations/api-keys';
import { OrganisationWorkflowsQuery } from '../operations/workflows';
import { IssuedKeyNotice } from './IssuedKeyNotice';

interface Props {
  organisationId: string;
}

/** An empty list names no ApiKey: say which type it holds, so a new or revoked key refreshes it. (Stable: urql compares it.) */
const KEYS_CONTEXT = { additionalTypenames: ['ApiKey'] };

/** The organisation's SDK keys: listed, issued (shown once) and revoked. */
export function ApiKeyPanel({ organisationId }: Props) {
  const [keys] = useQuery({ query: ApiKeysQuery, variables: { organisationId }, context: KEYS_CONTEXT });
  const [workflows] = useQuery({ query: OrganisationWorkflowsQuery, variables: { organisationId } });
  const [created, create] = useMutation(CreateApiKeyMutation);
  const [revoked, revoke] = useMutation(RevokeApiKeyMutation);
  const [workflowId, setWorkflowId] = useState('');
  const [signing, setSigning] = useState(false);
  const [issued, setIssued] = useState<{ key: string; secret?: string | null }>();
  const [revoking, setRevoking] = useState<{ id: string; prefix: string }>();
  const workflowField = useId();

  const names = new Map((workflows.data?.organisation.workflows ?? []).map((workflow) => [workflow.id, workflow.name]));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ organisationId, workflowId: workflowId || null, signing }, KEYS_CONTEXT);
    if (result.data) setIssued({ key: result.data.createApiKey.key, secret: result.data.createApiKey.secret });
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    const result = await revoke({ id: revoking.id }, KEYS_CONTEXT);
    if (!result.error) setRevoking(undefined);
  };

  return (
    <section className="panel" aria-labelledby="keys-title">
      <div className="panel-head">
        <h2 id="keys-title">API keys</h2>
      </div>
      <form className="inline-form" onSubmit={submit} aria-label="Create an API key">
        <label htmlFor={workflowField}>Bound to</label>
        <select id={workflowField} value={workflowId} onChange={(event) => setWorkflowId(event.target.value)}>
          <option value="">Any workflow</option>
          {[...names].map(([id, name]) => <option key={id} value={id}>{name}</option>)}
        </select>
        <label className="check">
          <input type="checkbox" checked={signing} onChange={(event) => setSigning(event.target.checked)} />
          With a signing secret
        </label>
        <button type="submit" className="button-primary" disabled={created.fetching}>Create key</button>
      </form>
      <ErrorNotice error={created.error} />
      {issued && <IssuedKeyNotice apiKey={issued.key} secret={issued.secret} onDismiss={() => setIssued(undefined)} />}
      <ErrorNotice error={keys.error} />
      {keys.data && keys.data.apiKeys.length === 0 && <p className="empty">No keys yet. An agent’s SDK needs one to reach the guard.</p>}
      {keys.data && keys.data.apiKeys.length > 0 && (
        <table className="table keys">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Bound to</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {keys.data.apiKeys.map((key) => (
              <tr key={key.id} data-key-prefix={key.prefix}>
                <th scope="row" data-label="Key"><code>{key.prefix}…</code>{key.signingRequired && <span className="tag">signed</span>}</th>
                <td data-label="Bound to">{key.workflowId ? names.get(key.workflowId) ?? key.workflowId : 'Any workflow'}</td>
                <td data-label="Created">{moment(key.createdAt)}</td>
                <td data-label="Status">{key.revokedAt ? <span className="state state-killed">Revoked</span> : <span className="state state-normal">Active</span>}</td>
                <td className="actions">
                  {!key.revokedAt && (
                    <button type="button" className="button-danger-quiet" onClick={() => setRevoking(key)} aria-label={`Revoke key ${key.prefix}`}>Revoke</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog title={`Revoke key ${revoking.prefix}…?`} confirmLabel="Revoke key" tone="danger" busy={revoked.fetching} onConfirm={confirmRevoke} onCancel={() => setRevoking(undefined)}>
          <p className="muted">Agents using this key are refused at once, on every instance.</p>
          <ErrorNotice error={revoked.error} />
        </ConfirmDialog>
      )}
    </section>
  );
}
