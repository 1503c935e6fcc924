/** The states an operator moves a workflow between. */
export type WorkflowState = 'Normal' | 'Paused' | 'Killed';

/** One control signal, from the push channel, the poller or a batch answer. */
export interface ControlSignal {
  readonly workflowId: string;
  readonly state: WorkflowState;
  readonly version: number;
  readonly reason: string | null;
  readonly updatedAt: string | null;
  /** When a pause is planned to end, if the operator said. */
  readonly resumeAfter: Date | null;
}

type Listener = (signal: ControlSignal) => void;

/**
 * The last known control state of each workflow. Push and poller both feed it; a signal whose
 * version was already seen is dropped, so the two channels never undo each other.
 */
export class ControlState {
  private readonly workflows = new Map<string, ControlSignal>();
  private readonly listeners: Listener[] = [];

  get(workflowId: string): ControlSignal | undefined {
    return this.workflows.get(workflowId);
  }

  all(): ControlSignal[] {
    return [...this.workflows.values()];
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Records `signal` if it is newer than what is known; returns whether it was. */
  apply(signal: ControlSignal): boolean {
    const known = this.workflows.get(signal.workflowId);
    if (known && known.version >= signal.version) return false;
    // a kill cannot be undone: a stale or bogus later signal never revives a killed workflow
    if (known?.state === 'Killed' && signal.state !== 'Killed') return false;
    this.workflows.set(signal.workflowId, Object.freeze({ ...signal }));
    for (const listener of this.listeners) listener(signal);
    return true;
  }
}

const STATES: Record<string, WorkflowState> = { normal: 'Normal', running: 'Normal', active: 'Normal', paused: 'Paused', killed: 'Killed' };

/** Reads a signal in the protocol's JSON shape or the GraphQL one; undefined when unusable. */
export function parseControlSignal(raw: unknown): ControlSignal | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const workflowId = record.workflow_id ?? record.workflowId;
  const state = typeof record.state === 'string' ? STATES[record.state.toLowerCase()] : undefined;
  const version = Number(record.version);
  if ((typeof workflowId !== 'string' && typeof workflowId !== 'number') || !state || !Number.isFinite(version)) return undefined;
  const reason = record.reason;
  const updatedAt = record.updated_at ?? record.updatedAt;
  return {
    workflowId: String(workflowId),
    state,
    version,
    reason: typeof reason === 'string' ? reason : null,
    updatedAt: typeof updatedAt === 'string' ? updatedAt : null,
    resumeAfter: parseResumeAfter(record.resume_after ?? record.resumeAfter),
  };
}

/** `resume_after` as an ISO time or as seconds from now. */
export function parseResumeAfter(raw: unknown, now = Date.now()): Date | null {
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) return new Date(now + raw * 1000);
  if (typeof raw === 'string' && raw !== '') {
    if (/^\d+(\.\d+)?$/.test(raw)) return new Date(now + Number(raw) * 1000);
    const at = Date.parse(raw);
    return Number.isNaN(at) ? null : new Date(at);
  }
  return null;
}
