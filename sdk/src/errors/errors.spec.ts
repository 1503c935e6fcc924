import * as sdk from '../index';
import * as legacy from '../legacy';
import { USER_MESSAGES_EN } from '../messages/catalog';
import { BreakerError, SvcError } from './breaker-error';
import { SvcAuthenticationError, SvcAuthError, SvcConfigError } from './config-errors';
import {
  SvcBlockedException,
  SvcBudgetError,
  SvcChainError,
  SvcConsumeOverbudgetError,
  SvcDecision,
  SvcToolBlockedError,
  SvcWorkflowInactiveError,
} from './decision-errors';
import { BreakerTransportError, InsecureTransportError } from './delivery-errors';
import { ERROR_CODES } from './error-codes';
import {
  RateLimitError,
  SvcBackendError,
  SvcInfrastructureError,
  SvcProtocolError,
  SvcRateLimitReservationError,
  SvcTransportError,
} from './transport-errors';
import { WorkflowKilledException, WorkflowKilledInterrupt, WorkflowPausedException } from './workflow-signals';

describe('the exception hierarchy', () => {
  const cases: Array<[string, Error, Array<abstract new (...args: never[]) => unknown>, string | undefined]> = [
    ['SvcConfigError', new SvcConfigError('x'), [SvcError, BreakerError], 'SV-C000'],
    ['SvcAuthenticationError', new SvcAuthenticationError('x', { errorCode: 'SV-C001' }), [SvcError], 'SV-C001'],
    ['SvcAuthError', new SvcAuthError('x'), [SvcAuthenticationError, SvcError], 'SV-A003'],
    ['SvcTransportError', new SvcTransportError('x'), [SvcError], 'SV-N001'],
    ['SvcBackendError', new SvcBackendError('x', { statusCode: 502 }), [SvcTransportError, SvcError], 'SV-B002'],
    ['RateLimitError', new RateLimitError('x'), [SvcTransportError, SvcError], 'SV-R001'],
    ['SvcRateLimitReservationError', new SvcRateLimitReservationError('x'), [SvcInfrastructureError, SvcError], 'SV-R002'],
    ['SvcProtocolError', new SvcProtocolError('x'), [SvcError], 'SV-P001'],
    ['SvcBlockedException', new SvcBlockedException('x'), [SvcDecision, SvcError], 'SV-X001'],
    ['SvcBudgetError', new SvcBudgetError('x'), [SvcBlockedException, SvcError], 'SV-B004'],
    ['SvcToolBlockedError', new SvcToolBlockedError('x'), [SvcBlockedException, SvcError], 'SV-T001'],
    ['SvcChainError', new SvcChainError('x'), [SvcDecision, SvcError], 'SV-CH001'],
    ['SvcConsumeOverbudgetError', new SvcConsumeOverbudgetError('x'), [SvcDecision, SvcError], 'SV-B005'],
    ['SvcWorkflowInactiveError', new SvcWorkflowInactiveError('x'), [SvcDecision, SvcError], 'SV-W004'],
    ['WorkflowPausedException', new WorkflowPausedException('x'), [SvcError, BreakerError], 'SV-W003'],
    ['BreakerTransportError', new BreakerTransportError('x', { eventsLost: 3, bufferSize: 7 }), [BreakerError], 'SV-E001'],
    ['InsecureTransportError', new InsecureTransportError('x'), [BreakerTransportError, BreakerError], 'SV-E002'],
  ];

  it.each(cases)('%s has its parents, its name, its code and the structured fields', (name, error, parents, code) => {
    expect(error).toBeInstanceOf(Error);
    for (const parent of parents) expect(error).toBeInstanceOf(parent);
    expect(error.name).toBe(name);
    const fields = error as BreakerError;
    expect(fields.errorCode).toBe(code);
    expect(fields.userAction).toEqual(expect.any(String));
    expect(fields.userAction).not.toBe('');
    expect(typeof fields.retryable).toBe('boolean');
    expect(fields.docsUrl).toMatch(/^https:\/\/.+#sv-/);
  });

  it('keeps transport and delivery failures retryable and configuration never', () => {
    expect(new SvcTransportError('x').retryable).toBe(true);
    expect(new SvcBackendError('x', { statusCode: 500 }).retryable).toBe(true);
    expect(new RateLimitError('x').retryable).toBe(true);
    expect(new SvcConfigError('x').retryable).toBe(false);
    expect(new SvcConfigError('x', { errorCode: 'SV-C003' }).retryable).toBe(false);
  });

  it('does not make BreakerTransportError an SvcError', () => {
    expect(new BreakerTransportError('x', { eventsLost: 1, bufferSize: 0 })).not.toBeInstanceOf(SvcError);
    expect(new InsecureTransportError('x')).not.toBeInstanceOf(SvcError);
  });

  it('keeps WorkflowKilledInterrupt outside SvcError and BreakerError, with the structured fields', () => {
    const interrupt = new WorkflowKilledInterrupt('killed', { workflowId: 'wf-1', reason: 'runaway' });
    expect(interrupt).toBeInstanceOf(Error);
    expect(interrupt).not.toBeInstanceOf(SvcError);
    expect(interrupt).not.toBeInstanceOf(BreakerError);
    expect(interrupt).toMatchObject({ name: 'WorkflowKilledInterrupt', errorCode: 'SV-W002', retryable: false, workflowId: 'wf-1', reason: 'runaway' });
  });

  it('carries the extra fields of the table', () => {
    expect(new SvcAuthError('x')).toMatchObject({ statusCode: 401 });
    expect(new SvcTransportError('x', { source: 'BREAKER_OPEN', endpoint: '/api/v1/gate' })).toMatchObject({
      source: 'BREAKER_OPEN',
      endpoint: '/api/v1/gate',
    });
    expect(new RateLimitError('x', { retryAfter: 2, upgradeUrl: 'https://u', body: { error_code: 'RATE_LIMIT_EXCEEDED' } })).toMatchObject({
      retryAfter: 2,
      upgradeUrl: 'https://u',
      body: { error_code: 'RATE_LIMIT_EXCEEDED' },
    });
    expect(new SvcProtocolError('x', { minRequiredVersion: 4 }).minRequiredVersion).toBe(4);
    const blocked = new SvcToolBlockedError('x', { workflowId: 'w', toolName: 'send_mail', details: { a: 1 }, statusCode: 200 });
    expect(blocked).toMatchObject({ workflowId: 'w', reason: 'TOOL_BLOCKED', action: 'block', toolName: 'send_mail', details: { a: 1 }, statusCode: 200 });
    expect(String(blocked)).toBe('SvcToolBlockedError: x');
    const over = new SvcConsumeOverbudgetError('x', { details: { reserved_cents: 5, actual_cost_cents: 9, epsilon_cents: 1 } });
    expect(over).toMatchObject({ reservedCents: 5, actualCostCents: 9, epsilonCents: 1, statusCode: 422 });
    const paused = new WorkflowPausedException('x', { workflowId: 'w', reason: 'ops', resumeAfter: new Date(0) });
    expect(paused).toMatchObject({ workflowId: 'w', reason: 'ops', resumeAfter: new Date(0) });
    expect(new BreakerTransportError('x', { eventsLost: 3, bufferSize: 7 })).toMatchObject({ eventsLost: 3, bufferSize: 7 });
  });

  it('has an end-user text for every code', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(USER_MESSAGES_EN[code as keyof typeof USER_MESSAGES_EN]).toEqual(expect.any(String));
    expect(Object.keys(USER_MESSAGES_EN).sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});

describe('the exported names', () => {
  it('exports the public surface of the spec from the main entry point', () => {
    for (const name of ['init', 'initOrDie', 'protect', 'sensitive', 'guarded', 'handle', 'workflow', 'chain', 'span', 'agent',
      'setCallContext', 'onError', 'trackLlm', 'trackTool', 'trackEvent', 'formatUserMessage', 'setUserMessage',
      'getUserMessage', 'shutdown', 'status', 'SvcError', 'SvcAuthError', 'SvcConfigError', 'SvcBackendError',
      'SvcBudgetError', 'SvcToolBlockedError', 'WorkflowKilledInterrupt']) {
      expect(sdk).toHaveProperty(name);
    }
  });

  it('keeps the legacy names on the legacy entry point only, as the very classes the SDK raises', () => {
    expect(legacy).toEqual({
      WorkflowPausedException,
      WorkflowKilledException,
      SvcAuthenticationError,
      SvcBlockedException,
    });
    for (const name of Object.keys(legacy)) expect(sdk).not.toHaveProperty(name);
  });

  it('has none of the classes removed in 0.4.0 under any entry point', () => {
    for (const name of ['CostLimitExceeded', 'ApprovalRequired', 'BreakerTimeout', 'LoopDetectedException', 'RetryStormException', 'RateLimitExceededException']) {
      expect(sdk).not.toHaveProperty(name);
      expect(legacy).not.toHaveProperty(name);
    }
  });

  it('warns when the deprecated WorkflowKilledException is constructed', () => {
    const warnings: Array<string | Error> = [];
    const spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error) => {
      warnings.push(warning);
    });
    try {
      const error = new WorkflowKilledException();
      expect(error).not.toBeInstanceOf(SvcError);
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('deprecated'), expect.objectContaining({ type: 'DeprecationWarning' }));
    } finally {
      spy.mockRestore();
    }
  });
});
