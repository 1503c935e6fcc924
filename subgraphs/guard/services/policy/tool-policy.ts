import { ToolAction } from '../../entities';
import type { ToolRuleView } from '../shared/tool-rule-view';
import { isGlob, toolMatcher } from './tool-glob';

export interface ToolVerdict {
  tool: string;
  pattern: string;
  action: ToolAction;
}

export function compileToolRule(pattern: string, action: ToolAction): ToolRuleView {
  return { pattern, action, exact: !isGlob(pattern), matches: toolMatcher(pattern) };
}

const STRICTNESS: Record<ToolAction, number> = { [ToolAction.allow]: 0, [ToolAction.require_approval]: 1, [ToolAction.block]: 2 };

/**
 * The rule that governs one tool: a rule naming the tool exactly decides (so `allow
 * send_receipt` can carve an exception out of `block send_*`); otherwise the strictest
 * matching glob. No match: the tool is unrestricted.
 */
export function ruleFor(rules: readonly ToolRuleView[], tool: string): ToolRuleView | undefined {
  let strictest: ToolRuleView | undefined;
  for (const rule of rules) {
    if (!rule.matches(tool)) continue;
    if (rule.exact) return rule;
    if (!strictest || STRICTNESS[rule.action] > STRICTNESS[strictest.action]) strictest = rule;
  }
  return strictest;
}

/** The strictest restriction among the tools of a call, or undefined when all are free to run. */
export function restrictionOf(rules: readonly ToolRuleView[], tools: readonly string[]): ToolVerdict | undefined {
  let verdict: ToolVerdict | undefined;
  for (const tool of tools) {
    const rule = ruleFor(rules, tool);
    if (!rule || rule.action === ToolAction.allow) continue;
    if (!verdict || STRICTNESS[rule.action] > STRICTNESS[verdict.action]) verdict = { tool, pattern: rule.pattern, action: rule.action };
  }
  return verdict;
}
