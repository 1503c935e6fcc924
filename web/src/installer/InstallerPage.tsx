import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { moment } from '../format';
import type { LiveModulesQuery } from '../graphql/graphql';
import { InstallerOverviewQuery, LiveModulesQuery as LiveModulesDocument } from '../operations/installer';
import { GeneratorPanel } from './GeneratorPanel';

export type LiveModule = LiveModulesQuery['installedModules'][number];

/** How often the page reads the status while a package is on its way in. */
const WATCH_INTERVAL_MS = 1000;

/**
 * `/installer`: the installer's status (enabled, pending installs with their errors, live
 * modules), how to enable it when it is off, and, when it is on, the generator lane.
 */
export function InstallerPage() {
  const [overview, refreshOverview] = useQuery({ query: InstallerOverviewQuery, requestPolicy: 'network-only' });
  const enabled = overview.data?.installerStatus.enabled === true;
  const [modules, refreshModules] = useQuery({ query: LiveModulesDocument, pause: !enabled, requestPolicy: 'network-only' });
  const [watching, setWatching] = useState(false);

  const refresh = useCallback(() => {
    refreshOverview({ requestPolicy: 'network-only' });
    if (enabled) refreshModules({ requestPolicy: 'network-only' });
  }, [enabled, refreshOverview, refreshModules]);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(refresh, WATCH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [watching, refresh]);

  const pending = useMemo(() => overview.data?.installerStatus.pending ?? [], [overview.data]);
  const pendingErrors = useMemo(() => new Map(pending.map((install) => [install.module, install.error ?? null])), [pending]);
  const live = modules.data?.installedModules ?? [];

  return (
    <>
      <header className="top-bar installer-top">
        <p className="brand">Switchyard</p>
        {overview.data && (
          <span className={enabled ? 'link link-live' : 'link'} role="status">
            {enabled ? 'Enabled' : 'Disabled'}
          </span>
        )}
      </header>
      <main className="content installer" id="main">
        <h1 className="org-title">Installer</h1>
        <ErrorNotice error={overview.error} />
        {!overview.data && !overview.error && <p className="muted">Reading the installer’s status…</p>}
        {overview.data && !enabled && <DisabledNotice />}
        {enabled && (
          <div className="installer-grid">
            <GeneratorPanel liveModules={live} pendingErrors={pendingErrors} onWatch={setWatching} />
            <section className="panel" aria-labelledby="status-title">
              <div className="panel-head">
                <h2 id="status-title">Status</h2>
                <button type="button" onClick={refresh}>
                  Refresh
                </button>
              </div>
              <h3 className="sub-title">Pending installs</h3>
              {pending.length === 0 ? (
                <p className="empty">None: every install is live.</p>
              ) : (
                <ul className="pending-list">
                  {pending.map((install) => (
                    <li key={install.module} data-module={install.module}>
                      <strong>{install.module}</strong> <span className="muted">since {moment(install.since)}</span>
                      {install.error ? <p className="warning-text">Last attempt failed: {install.error}</p> : <p className="muted">Waiting for its apply.</p>}
                    </li>
                  ))}
                </ul>
              )}
              <h3 className="sub-title">Live modules</h3>
              <ErrorNotice error={modules.error} />
              {live.length === 0 ? (
                <p className="empty">No module is installed yet.</p>
              ) : (
                <table className="table modules-table">
                  <caption className="visually-hidden">Live modules</caption>
                  <thead>
                    <tr>
                      <th scope="col">Module</th>
                      <th scope="col">Version</th>
                      <th scope="col">Live since</th>
                    </tr>
                  </thead>
                  <tbody>
                    {live.map((module) => (
                      <tr key={module.module} data-module={module.module}>
                        <th scope="row">
                          <span className="workflow-name">{module.title}</span>
                          <span className="workflow-id">{module.module}</span>
                        </th>
                        <td data-label="Version" data-testid="module-version">
                          {module.version}
                        </td>
                        <td data-label="Live since">{moment(module.liveSince)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
        )}
      </main>
    </>
  );
}

function DisabledNotice() {
  return (
    <section className="panel disabled" aria-labelledby="disabled-title">
      <h2 id="disabled-title">The installer is turned off</h2>
      <p>This deployment runs with <code>INSTALLER=false</code>: packages cannot be installed or upgraded, and live modules keep serving their data.</p>
      <p>To turn it on:</p>
      <ol>
        <li>
          Set <code>INSTALLER=true</code> (or remove the variable: on is the default) in the environment of the stack.
        </li>
        <li>
          Restart it (<code>npm start</code>, or restart the installer and the shim where they run as services).
        </li>
        <li>Reload this page.</li>
      </ol>
    </section>
  );
}
