import { useEffect, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { InstallProgress } from './InstallProgress';
import { listGeneratedApps, signInToGenerator, type GeneratedApp } from './generator-client';
import { UpgradePreviewTable } from './UpgradePreviewTable';
import { useInstallFlow, type InstallFlow } from './use-install-flow';
import type { LiveModule } from './InstallerPage';

interface Props {
  /** What the status says now, polled by the page. */
  liveModules: LiveModule[];
  pendingErrors: Map<string, string | null>;
  /** Asks the page to poll while a package is on its way in. */
  onWatch(watching: boolean): void;
}

/** Signed out: the generator's sign-in. Signed in: its apps, and one install or upgrade at a time. */
export function GeneratorPanel(props: Props) {
  const [access, setAccess] = useState<string>();
  return (
    <section className="panel" aria-labelledby="generator-title">
      <div className="panel-head">
        <h2 id="generator-title">Install from the generator</h2>
        {access && (
          <button type="button" className="button-quiet" onClick={() => setAccess(undefined)}>
            Sign out of the generator
          </button>
        )}
      </div>
      {access ? <GeneratedApps access={access} onSignedOut={() => setAccess(undefined)} {...props} /> : <GeneratorSignIn onSignedIn={setAccess} />}
    </section>
  );
}

function GeneratorSignIn({ onSignedIn }: { onSignedIn(access: string): void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInToGenerator(String(form.get('username')), String(form.get('password'))));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stacked-form" onSubmit={submit}>
      <p className="muted">Sign in with your generator account to see the apps it has generated. Your password goes to the generator only.</p>
      <ErrorNotice messages={error ? [error] : []} />
      <label>
        Generator username
        <input name="username" autoComplete="username" required />
      </label>
      <label>
        Generator password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" className="button-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in to the generator'}
      </button>
    </form>
  );
}

function GeneratedApps({ access, onSignedOut, liveModules, pendingErrors, onWatch }: Props & { access: string; onSignedOut(): void }) {
  const [apps, setApps] = useState<GeneratedApp[]>();
  const [error, setError] = useState<string>();
  const { flow, install, confirm, reset } = useInstallFlow(access);
  const [admin, setAdmin] = useState({ email: '', password: '' });

  useEffect(() => {
    listGeneratedApps(access).then(setApps, (failure: Error) => setError(failure.message));
  }, [access]);

  const live = flow.kind === 'waiting' ? liveModules.find((module) => module.module === flow.module && (flow.version === null || module.version >= flow.version)) : undefined;
  useEffect(() => onWatch(flow.kind === 'waiting' && !live), [flow.kind, live, onWatch]);

  if (error) {
    return (
      <>
        <ErrorNotice messages={[error]} />
        <button type="button" onClick={onSignedOut}>
          Sign in again
        </button>
      </>
    );
  }
  if (!apps) return <p className="muted">Loading the generator’s apps…</p>;
  const busy = flow.kind === 'working' || (flow.kind === 'waiting' && !live);
  return (
    <div className="generated">
      <details className="admin-details">
        <summary>Module administrator for new installs (optional)</summary>
        <p className="muted">The account made the module’s top-role member. Without one, nobody can use its data until a member is added.</p>
        <div className="admin-fields">
          <label>
            Admin e-mail
            <input type="email" autoComplete="off" value={admin.email} onChange={(event) => setAdmin({ ...admin, email: event.target.value })} />
          </label>
          <label>
            Admin password
            <input type="password" autoComplete="new-password" value={admin.password} onChange={(event) => setAdmin({ ...admin, password: event.target.value })} />
          </label>
        </div>
      </details>
      {apps.length === 0 ? (
        <p className="empty">The generator has no apps for this account yet.</p>
      ) : (
        <table className="table apps-table">
          <caption className="visually-hidden">Apps of the generator</caption>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Version</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {apps.map((app) => (
              <tr key={app.id} data-app-id={app.id}>
                <th scope="row">
                  <span className="workflow-name">{app.name}</span>
                  <span className="workflow-id">id {app.id}</span>
                </th>
                <td data-label="Version">{app.version}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="button-primary"
                    disabled={busy}
                    aria-label={`Install or upgrade ${app.name} version ${app.version}`}
                    onClick={() => install(app, admin.email && admin.password ? admin : undefined)}
                  >
                    Install or upgrade
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FlowView flow={flow} live={live} pendingError={flow.kind === 'waiting' ? pendingErrors.get(flow.module) : undefined} onConfirm={confirm} onDone={reset} />
    </div>
  );
}

interface FlowViewProps {
  flow: InstallFlow;
  live?: LiveModule;
  pendingError?: string | null;
  onConfirm(app: GeneratedApp): void;
  onDone(): void;
}

function FlowView({ flow, live, pendingError, onConfirm, onDone }: FlowViewProps) {
  if (flow.kind === 'idle') return null;
  if (flow.kind === 'failed') {
    return (
      <div className="flow">
        <ErrorNotice title={`${flow.app.name} was not installed`} messages={flow.messages} />
        <button type="button" onClick={onDone}>
          Dismiss
        </button>
      </div>
    );
  }
  if (flow.kind === 'preview') {
    const { preview } = flow;
    return (
      <section className="flow preview" aria-labelledby="preview-title">
        <h3 id="preview-title">
          Upgrade {preview.module} from version {preview.installedVersion} to {preview.targetVersion}?
        </h3>
        <p className="notice notice-error">Some changes lose data. A backup of the affected tables is made first; the rows counted below will not carry over.</p>
        <UpgradePreviewTable preview={preview} />
        <div className="dialog-actions">
          <button type="button" onClick={onDone}>
            Cancel
          </button>
          <button type="button" className="button-danger" onClick={() => onConfirm(flow.app)}>
            Confirm the upgrade
          </button>
        </div>
      </section>
    );
  }
  if (flow.kind === 'waiting' && live) {
    return (
      <div className="flow">
        <p className="notice notice-success" role="status">
          {live.title} (<code>{live.module}</code>) is live at version {live.version}.
        </p>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    );
  }
  return (
    <div className="flow">
      <InstallProgress flow={flow} pendingError={pendingError} />
    </div>
  );
}
