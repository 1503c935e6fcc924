import { ToolAction } from '../../entities';
import { toolMatcher } from './tool-glob';
import { compileToolRule, restrictionOf, ruleFor } from './tool-policy';

const matchesToolPattern = (pattern: string, tool: string) => toolMatcher(pattern)(tool);

describe('tool patterns', () => {
  it('matches globs case-insensitively and literally otherwise', () => {
    expect(matchesToolPattern('send_*', 'send_email')).toBe(true);
    expect(matchesToolPattern('send_*', 'Send_SMS')).toBe(true);
    expect(matchesToolPattern('send_*', 'resend_email')).toBe(false);
    expect(matchesToolPattern('db.?', 'db.x')).toBe(true);
    expect(matchesToolPattern('db.?', 'dbxx')).toBe(false);
    expect(matchesToolPattern('a.b', 'aXb')).toBe(false);
  });
});

describe('tool rules', () => {
  const rules = [
    compileToolRule('send_*', ToolAction.block),
    compileToolRule('send_receipt', ToolAction.allow),
    compileToolRule('*_money', ToolAction.require_approval),
    compileToolRule('send_*_money', ToolAction.require_approval),
  ];

  it('lets an exact rule carve an exception out of a glob', () => {
    expect(ruleFor(rules, 'send_receipt')?.action).toBe(ToolAction.allow);
    expect(ruleFor(rules, 'SEND_RECEIPT')?.action).toBe(ToolAction.allow);
  });

  it('takes the strictest matching glob', () => {
    expect(ruleFor(rules, 'send_wire_money')?.action).toBe(ToolAction.block);
    expect(ruleFor(rules, 'wire_money')?.action).toBe(ToolAction.require_approval);
    expect(ruleFor(rules, 'search')).toBeUndefined();
  });

  it('reports the strictest restriction among a call’s tools', () => {
    expect(restrictionOf(rules, ['search', 'wire_money', 'send_sms'])).toEqual({ tool: 'send_sms', pattern: 'send_*', action: ToolAction.block });
    expect(restrictionOf(rules, ['search', 'send_receipt'])).toBeUndefined();
    expect(restrictionOf([], ['anything'])).toBeUndefined();
  });
});
