import type { InstallFlow } from './use-install-flow';

type Step = { label: string; state: 'done' | 'current' | 'waiting' };

/**
 * Where a package is on its way in. The download, checks and recording happen in one call to the
 * installer, so that step is shown as under way (not as a percentage nobody measures); then the
 * page polls until the module is live.
 */
export function InstallProgress({ flow, pendingError }: { flow: Extract<InstallFlow, { kind: 'working' | 'waiting' }>; pendingError?: string | null }) {
  const upgrading = flow.kind === 'working' ? flow.step !== 'install' : flow.version !== null;
  const steps: Step[] = upgrading
    ? [
        { label: 'Download the package from the generator and preview the changes', state: flow.kind === 'working' && flow.step === 'upgrade' ? 'current' : 'done' },
        { label: 'Back up the affected tables and apply the changes', state: flow.kind === 'working' ? (flow.step === 'confirm' ? 'current' : 'waiting') : 'done' },
        { label: 'Live at the new version', state: flow.kind === 'waiting' ? 'current' : 'waiting' },
      ]
    : [
        { label: 'Download the package from the generator and check it', state: flow.kind === 'working' ? 'current' : 'done' },
        { label: 'Create the tables, load the seed and the texts', state: flow.kind === 'waiting' ? 'current' : 'waiting' },
        { label: 'Live', state: 'waiting' },
      ];
  return (
    <div className="install-progress" role="status" aria-live="polite" aria-label={`Installing ${flow.app.name}`}>
      <progress aria-label={`${flow.app.name}: in progress`} />
      <ol className="steps">
        {steps.map((step) => (
          <li key={step.label} className={`step step-${step.state}`}>
            <span className="visually-hidden">{step.state === 'done' ? 'Done: ' : step.state === 'current' ? 'Under way: ' : 'Next: '}</span>
            {step.label}
          </li>
        ))}
      </ol>
      {flow.kind === 'waiting' && flow.restartRequired && (
        <p className="notice notice-info">The install is recorded. In production it goes live when the installer restarts; this page keeps watching.</p>
      )}
      {pendingError && (
        <p className="notice notice-error">
          The last attempt to apply it failed: {pendingError}. It is tried again at the installer’s next start.
        </p>
      )}
    </div>
  );
}
