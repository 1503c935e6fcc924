export type RuleKind = 'repeated_tool_call' | 'call_rate' | 'token_rate' | 'spend_rate';
export type RuleAction = 'pause' | 'kill';

export interface RuleDraft {
  kind: RuleKind;
  limit: string;
  windowSeconds: string;
  toolPattern: string;
  action: RuleAction;
}

export const KINDS: Record<RuleKind, { label: string; unit: string; tools: boolean }> = {
  repeated_tool_call: { label: 'Same tool, same input', unit: 'calls', tools: true },
  call_rate: { label: 'Calls', unit: 'calls', tools: true },
  token_rate: { label: 'Tokens', unit: 'tokens', tools: false },
  spend_rate: { label: 'Spend', unit: 'cents', tools: false },
};

export const EMPTY_DRAFT: RuleDraft = { kind: 'repeated_tool_call', limit: '5', windowSeconds: '60', toolPattern: '', action: 'pause' };

/** A rule in a sentence: "more than 5 calls of search_* with the same input within 60 s pauses". */
export function describeRule(rule: { kind: RuleKind; limit: number; windowSeconds: number; toolPattern?: string | null; action: RuleAction }): string {
  const { unit } = KINDS[rule.kind];
  const tools = rule.toolPattern ? ` of ${rule.toolPattern}` : '';
  const same = rule.kind === 'repeated_tool_call' ? ' with the same input' : '';
  const amount = rule.kind === 'spend_rate' ? `${rule.limit} ${unit} spent` : `${rule.limit} ${unit}${tools}${same}`;
  return `More than ${amount} within ${rule.windowSeconds} s ${rule.action === 'kill' ? 'kills' : 'pauses'} the workflow`;
}

/** The form's text as the mutation's input: numbers as typed (the guard judges them), no pattern for kinds without tools. */
export function ruleInput(draft: RuleDraft) {
  return {
    kind: draft.kind,
    limit: Number(draft.limit),
    windowSeconds: Number(draft.windowSeconds),
    toolPattern: KINDS[draft.kind].tools && draft.toolPattern.trim() !== '' ? draft.toolPattern.trim() : null,
    action: draft.action,
  };
}
