import { SvcConfigError } from '../errors/config-errors';
import { SvcBudgetError } from '../errors/decision-errors';
import { WorkflowKilledInterrupt } from '../errors/workflow-signals';
import { status } from '../runtime/singleton';
import { onError, raise, reportError, type ErrorContext } from './error-hooks';

const context: ErrorContext = { stage: 'gate', workflowId: 'wf-1', toolName: 'search', apiKeyPrefix: 'sk_test_' };

describe('error hooks', () => {
  const unregister: Array<() => void> = [];
  afterEach(() => unregister.splice(0).forEach((off) => off()));

  it('fire for every SvcError before it propagates, in registration order, with the context', () => {
    const calls: string[] = [];
    unregister.push(onError((error, seen) => calls.push(`first ${error.errorCode} ${seen.stage} ${seen.workflowId} ${seen.toolName} ${seen.apiKeyPrefix}`)));
    unregister.push(onError(() => calls.push('second')));
    const error = new SvcBudgetError('no budget');
    expect(() => raise(error, context)).toThrow(error);
    expect(calls).toEqual(['first SV-B004 gate wf-1 search sk_test_', 'second']);
  });

  it('do not fire for WorkflowKilledInterrupt or foreign errors', () => {
    const hook = jest.fn();
    unregister.push(onError(hook));
    expect(() => raise(new WorkflowKilledInterrupt('killed'), context)).toThrow(WorkflowKilledInterrupt);
    expect(() => raise(new TypeError('mine'), context)).toThrow(TypeError);
    expect(hook).not.toHaveBeenCalled();
  });

  it('swallow what a hook throws or rejects, and the next hooks still run', async () => {
    const after = jest.fn();
    unregister.push(onError(() => {
      throw new Error('hook bug');
    }));
    unregister.push(onError(() => Promise.reject(new Error('async hook bug'))));
    unregister.push(onError(after));
    const error = new SvcBudgetError('x');
    expect(() => raise(error, context)).toThrow(error);
    expect(after).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('report one error once, however many layers it crosses', () => {
    const hook = jest.fn();
    unregister.push(onError(hook));
    const error = new SvcBudgetError('x');
    reportError(error, context);
    reportError(error, { ...context, stage: 'outer' });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('return an unregister function that is idempotent and removes only its own registration', () => {
    const hook = jest.fn();
    const off = onError(hook);
    const offAgain = onError(hook);
    off();
    off();
    reportError(new SvcBudgetError('x'), context);
    expect(hook).toHaveBeenCalledTimes(1);
    offAgain();
    offAgain();
    reportError(new SvcBudgetError('y'), context);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('give a hook a frozen context', () => {
    let seen: ErrorContext | undefined;
    unregister.push(onError((_error, received) => (seen = received)));
    reportError(new SvcBudgetError('x'), context);
    expect(Object.isFrozen(seen)).toBe(true);
  });

  it('fire for the SvcConfigError status() raises before init', () => {
    const hook = jest.fn();
    unregister.push(onError(hook));
    expect(() => status()).toThrow(SvcConfigError);
    expect(hook).toHaveBeenCalledWith(expect.objectContaining({ errorCode: 'SV-C002' }), expect.objectContaining({ stage: 'status()' }));
  });

  it('reject a hook that is not a function', () => {
    expect(() => onError('nope' as never)).toThrow(TypeError);
  });
});
