import { useId, useState, type FormEvent } from 'react';
import { KINDS, type RuleAction, type RuleDraft, type RuleKind } from './rule-text';

interface Props {
  initial: RuleDraft;
  submitLabel: string;
  busy: boolean;
  onSubmit(draft: RuleDraft): void;
  onCancel?(): void;
}

/** One runaway rule's fields; the guard checks them whole and names the one at fault. */
export function RuleForm({ initial, submitLabel, busy, onSubmit, onCancel }: Props) {
  const [draft, setDraft] = useState(initial);
  const ids = { kind: useId(), limit: useId(), window: useId(), tools: useId(), action: useId() };
  const set = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  const { unit, tools } = KINDS[draft.kind];

  return (
    <form className="rule-form" onSubmit={submit} aria-label={submitLabel}>
      <label htmlFor={ids.kind}>Counts</label>
      <select id={ids.kind} value={draft.kind} onChange={(event) => set({ kind: event.target.value as RuleKind })}>
        {Object.entries(KINDS).map(([kind, { label }]) => <option key={kind} value={kind}>{label}</option>)}
      </select>
      <label htmlFor={ids.limit}>More than ({unit})</label>
      <input id={ids.limit} inputMode="decimal" value={draft.limit} onChange={(event) => set({ limit: event.target.value })} required />
      <label htmlFor={ids.window}>Within (seconds)</label>
      <input id={ids.window} inputMode="numeric" value={draft.windowSeconds} onChange={(event) => set({ windowSeconds: event.target.value })} required />
      {tools && (
        <>
          <label htmlFor={ids.tools}>Tools</label>
          <input id={ids.tools} placeholder="search_* or /^db\.(read|write)$/" value={draft.toolPattern} onChange={(event) => set({ toolPattern: event.target.value })} />
        </>
      )}
      <label htmlFor={ids.action}>Then</label>
      <select id={ids.action} value={draft.action} onChange={(event) => set({ action: event.target.value as RuleAction })}>
        <option value="pause">pause</option>
        <option value="kill">kill</option>
      </select>
      <div className="rule-form-actions">
        <button type="submit" className="button-primary" disabled={busy}>{submitLabel}</button>
        {onCancel && <button type="button" className="button-quiet" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
