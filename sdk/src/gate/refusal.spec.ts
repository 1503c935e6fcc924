import { SvcBlockedException, SvcBudgetError, SvcChainError, SvcToolBlockedError } from '../errors/decision-errors';
import { WorkflowKilledInterrupt, WorkflowPausedException } from '../errors/workflow-signals';
import { refusalOf, type RefusalContext } from './refusal';

const context: RefusalContext = { workflowId: 'wf-1', toolName: 'answer', tools: ['send_email'], chainId: null };

describe('gate answers', () => {
  it('let allow, soft_pass and unknown decisions through', () => {
    for (const decision of ['allow', 'soft_pass', 'something_new', undefined]) expect(refusalOf({ decision }, context)).toBeNull();
  });

  it('turn a budget block into SvcBudgetError', () => {
    const error = refusalOf({ decision: 'block', explanation: 'BUDGET_EXCEEDED', details: { error_code: 'SV-B004', remaining: 0 } }, context);
    expect(error).toBeInstanceOf(SvcBudgetError);
    expect(error).toMatchObject({ workflowId: 'wf-1', reason: 'BUDGET_EXCEEDED', statusCode: 200, details: { remaining: 0 } });
  });

  it('turn a tool block into SvcToolBlockedError naming the tool', () => {
    const named = refusalOf({ decision: 'block', explanation: 'TOOL_BLOCKED', details: { tool: 'send_sms' } }, context);
    expect(named).toBeInstanceOf(SvcToolBlockedError);
    expect(named).toMatchObject({ toolName: 'send_sms' });
    expect(refusalOf({ decision: 'block', details: { error_code: 'SV-T001' } }, context)).toMatchObject({ toolName: 'send_email' });
  });

  it('turn kill and pause blocks into the workflow signals', () => {
    expect(refusalOf({ decision: 'block', explanation: 'WORKFLOW_KILLED' }, context)).toBeInstanceOf(WorkflowKilledInterrupt);
    const paused = refusalOf({ decision: 'throttle', explanation: 'WORKFLOW_PAUSED', details: { resume_after: '2030-01-01T00:00:00Z' } }, context);
    expect(paused).toBeInstanceOf(WorkflowPausedException);
    expect((paused as WorkflowPausedException).resumeAfter).toEqual(new Date('2030-01-01T00:00:00Z'));
  });

  it('turn other blocks into SvcBlockedException, and chain refusals in a chain into SvcChainError', () => {
    expect(refusalOf({ decision: 'block', explanation: 'CROSS_ORG' }, context)).toBeInstanceOf(SvcBlockedException);
    const approval = refusalOf({ decision: 'require_approval', approval_id: 'ap-1' }, context);
    expect(approval).toMatchObject({ action: 'require_approval', details: { approval_id: 'ap-1' } });
    expect(refusalOf({ decision: 'block', explanation: 'CHAIN_BUDGET_EXCEEDED' }, { ...context, chainId: 'c-1' })).toBeInstanceOf(SvcChainError);
  });
});
