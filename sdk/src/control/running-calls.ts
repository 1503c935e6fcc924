import { killedInterrupt, type WorkflowKilledInterrupt } from '../errors/workflow-signals';

interface RunningCall {
  readonly workflowId: string | null;
  interrupt(error: WorkflowKilledInterrupt): void;
}

/**
 * The protected calls running right now, by workflow, so that a kill can interrupt each of
 * them the moment it arrives instead of at their next gate.
 */
export class RunningCalls {
  private readonly calls = new Set<RunningCall>();

  get size(): number {
    return this.calls.size;
  }

  /**
   * Registers a call. `interrupted` rejects with WorkflowKilledInterrupt when its workflow is
   * killed (and never settles otherwise); `controller` is aborted with the same error, so work
   * that honours the signal stops too. Call `release` when the call ends.
   */
  register(workflowId: string | null, controller: AbortController): { interrupted: Promise<never>; release(): void } {
    let reject!: (error: WorkflowKilledInterrupt) => void;
    const interrupted = new Promise<never>((_resolve, rejectWith) => {
      reject = rejectWith;
    });
    // the race in protect observes it; this keeps an unobserved interrupt from crashing the process
    interrupted.catch(() => undefined);
    const call: RunningCall = {
      workflowId,
      interrupt: (error) => {
        this.calls.delete(call);
        controller.abort(error);
        reject(error);
      },
    };
    this.calls.add(call);
    return { interrupted, release: () => this.calls.delete(call) };
  }

  /** Interrupts every running call of `workflowId`. */
  kill(workflowId: string, reason: string | null): number {
    let count = 0;
    for (const call of [...this.calls]) {
      if (call.workflowId !== workflowId) continue;
      call.interrupt(killedInterrupt(workflowId, reason));
      count += 1;
    }
    return count;
  }
}
