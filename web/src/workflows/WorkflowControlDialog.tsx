import { useState } from 'react';
import { useMutation } from 'urql';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { KillWorkflowMutation, PauseWorkflowMutation, ResumeWorkflowMutation } from '../operations/workflows';

export type ControlAction = 'pause' | 'resume' | 'kill';

interface Props {
  action: ControlAction;
  workflow: { id: string; name: string };
  onDone(): void;
}

const TITLES: Record<ControlAction, (name: string) => string> = {
  pause: (name) => `Pause ${name}?`,
  resume: (name) => `Resume ${name}?`,
  kill: (name) => `Kill ${name}?`,
};

/** Confirms one control action with its reason (and, for a pause, when it ends by itself). */
export function WorkflowControlDialog({ action, workflow, onDone }: Props) {
  const [reason, setReason] = useState('');
  const [resumeAfter, setResumeAfter] = useState('');
  const [pause, runPause] = useMutation(PauseWorkflowMutation);
  const [resume, runResume] = useMutation(ResumeWorkflowMutation);
  const [kill, runKill] = useMutation(KillWorkflowMutation);
  const state = { pause, resume, kill }[action];

  const confirm = async () => {
    const common = { id: workflow.id, reason: reason.trim() || null };
    const result =
      action === 'pause'
        ? await runPause({ ...common, resumeAfter: resumeAfter ? new Date(resumeAfter).toISOString() : null })
        : action === 'resume'
          ? await runResume(common)
          : await runKill(common);
    if (!result.error) onDone();
  };

  return (
    <ConfirmDialog
      title={TITLES[action](workflow.name)}
      confirmLabel={action === 'pause' ? 'Pause workflow' : action === 'resume' ? 'Resume workflow' : 'Kill workflow'}
      tone={action === 'kill' ? 'danger' : 'normal'}
      busy={state.fetching}
      onConfirm={confirm}
      onCancel={onDone}
    >
      {action === 'pause' && <p className="muted">Its agents’ calls are throttled until it is resumed.</p>}
      {action === 'kill' && <p className="warning-text">A killed workflow is refused for good: this cannot be undone.</p>}
      <ErrorNotice error={state.error} />
      <label>
        <span>Reason <span className="muted">(optional; the agents see it)</span></span>
        <input name="reason" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </label>
      {action === 'pause' && (
        <label>
          <span>Resume automatically at <span className="muted">(optional)</span></span>
          <input name="resumeAfter" type="datetime-local" value={resumeAfter} onChange={(event) => setResumeAfter(event.target.value)} />
        </label>
      )}
    </ConfirmDialog>
  );
}
