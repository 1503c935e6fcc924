import { useEffect, useId } from 'react';
import { useQuery } from 'urql';
import { ApprovalList } from '../approvals/ApprovalList';
import { AuditPanel } from '../audit/AuditPanel';
import type { LinkState } from '../graph/graph-client';
import { ApiKeyPanel } from '../keys/ApiKeyPanel';
import { MyOrganisationsQuery } from '../operations/sign-in';
import type { Session } from '../session/session';
import { RunawayRulesPanel } from '../rules/RunawayRulesPanel';
import { WorkflowSpendPanel } from '../spend/WorkflowSpendPanel';
import { UsagePanel } from '../usage/UsagePanel';
import { useLiveControl } from '../workflows/use-live-control';
import { WorkflowTable } from '../workflows/WorkflowTable';
import { ErrorNotice } from './ErrorNotice';

interface Props {
  session: Session;
  link: LinkState;
  onSignOut(): void;
  onChooseOrganisation(organisationId: string): void;
}

const LINK_TEXT: Record<LinkState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

export function ConsolePage({ session, link, onSignOut, onChooseOrganisation }: Props) {
  const [me] = useQuery({ query: MyOrganisationsQuery });
  const organisations = (me.data?.me.memberships ?? []).map((membership) => ({ ...membership.organisation, role: membership.role }));
  const chosen = organisations.find((organisation) => organisation.id === session.organisationId);
  const pickerId = useId();

  // With a single organisation there is nothing to pick.
  useEffect(() => {
    if (!session.organisationId && organisations.length === 1) onChooseOrganisation(organisations[0].id);
  }, [session.organisationId, organisations, onChooseOrganisation]);

  return (
    <>
      <a className="skip-link" href="#content">Skip to the console</a>
      <header className="top-bar">
        <span className="brand">Switchyard <span className="muted">console</span></span>
        <div className="top-bar-org">
          <label htmlFor={pickerId} className="visually-hidden">Organisation</label>
          <select id={pickerId} value={chosen?.id ?? ''} onChange={(event) => event.target.value && onChooseOrganisation(event.target.value)} disabled={organisations.length === 0}>
            {!chosen && <option value="">Choose an organisation</option>}
            {organisations.map((organisation) => (
              <option key={organisation.id} value={organisation.id}>{organisation.name}</option>
            ))}
          </select>
        </div>
        {chosen && <span className={`link link-${link}`} role="status" aria-label={`Live updates: ${LINK_TEXT[link]}`}>{LINK_TEXT[link]}</span>}
        <span className="top-bar-user">
          <span className="muted">Signed in as</span> {session.username}
        </span>
        <button type="button" className="button-quiet" onClick={onSignOut}>Sign out</button>
      </header>
      <main id="content" className="content" tabIndex={-1}>
        <ErrorNotice error={me.error} />
        {me.data && organisations.length === 0 && (
          <p className="empty">You are not a member of any organisation yet. An organisation admin can add you, or create one with the <code>createOrganisation</code> mutation.</p>
        )}
        {me.data && organisations.length > 1 && !chosen && <p className="empty">Choose an organisation to see its workflows.</p>}
        {chosen && <OrganisationView key={chosen.id} organisationId={chosen.id} name={chosen.name} />}
      </main>
    </>
  );
}

/** One organisation's console; remade when another is chosen, so nothing of the last one lingers. */
function OrganisationView({ organisationId, name }: { organisationId: string; name: string }) {
  const { live, error } = useLiveControl(organisationId);
  return (
    <>
      <h1 className="org-title">{name}</h1>
      <ErrorNotice error={error} title="Live updates stopped" />
      <div className="grid">
        <div className="area-workflows"><WorkflowTable organisationId={organisationId} live={live} /></div>
        <div className="area-approvals"><ApprovalList organisationId={organisationId} live={live} /></div>
        <div className="area-keys"><ApiKeyPanel organisationId={organisationId} /></div>
        <div className="area-usage"><UsagePanel organisationId={organisationId} /></div>
        <div className="area-spend"><WorkflowSpendPanel organisationId={organisationId} /></div>
        <div className="area-rules"><RunawayRulesPanel organisationId={organisationId} /></div>
        <div className="area-audit"><AuditPanel organisationId={organisationId} /></div>
      </div>
    </>
  );
}
