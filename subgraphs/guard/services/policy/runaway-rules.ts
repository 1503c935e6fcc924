import { MICROCENTS_PER_CENT, RunawayRuleKind, type RunawayRule } from '../../entities';
import type { RunawayRuleView } from '../shared/runaway-rule-view';
import { toolMatcher } from './tool-glob';
import { isRegexPattern } from './runaway-rule-rules';

/** A stored rule as the gate applies it: its tool pattern compiled, a spend limit in microcents. */
export function compileRunawayRule(rule: Pick<RunawayRule, 'id' | 'kind' | 'limitValue' | 'windowSeconds' | 'toolPattern' | 'action'>): RunawayRuleView {
  return {
    id: rule.id,
    kind: rule.kind,
    limit: rule.kind === RunawayRuleKind.spend_rate ? Math.round(rule.limitValue * MICROCENTS_PER_CENT) : rule.limitValue,
    windowSeconds: rule.windowSeconds,
    toolPattern: rule.toolPattern,
    action: rule.action,
    counts: toolTest(rule.toolPattern),
  };
}

function toolTest(pattern: string | null): (tool: string) => boolean {
  if (pattern === null) return () => true;
  if (!isRegexPattern(pattern)) return toolMatcher(pattern);
  const regex = new RegExp(pattern.slice(1, -1), 'i');
  return (tool) => regex.test(tool);
}
