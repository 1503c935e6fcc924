import { badInput } from '../../../../lib/errors';
import { RunawayAction, RunawayRuleKind } from '../../entities';
import { checkToolPattern } from './tool-pattern-rules';

/** An hour: a longer window would keep an hour of counters per rule and catch nothing sooner. */
export const MAX_WINDOW_SECONDS = 3600;
const MAX_LIMIT = 1e12;
const KINDS_WITH_TOOLS = new Set<RunawayRuleKind>([RunawayRuleKind.repeated_tool_call, RunawayRuleKind.call_rate]);

export interface RunawayRuleFields {
  kind: RunawayRuleKind;
  limitValue: number;
  windowSeconds: number;
  toolPattern: string | null;
  action: RunawayAction;
}

/** The operator's rule, checked whole before anything is written; each failure names its field. */
export function checkRunawayRule(input: { kind: RunawayRuleKind; limit: number; windowSeconds?: number | null; toolPattern?: string | null; action?: RunawayAction | null }): RunawayRuleFields {
  if (!Object.values(RunawayRuleKind).includes(input.kind)) throw badInput('kind', `kind must be one of ${Object.values(RunawayRuleKind).join(', ')}`);
  const windowSeconds = input.windowSeconds ?? 60;
  if (!Number.isSafeInteger(windowSeconds) || windowSeconds <= 0 || windowSeconds > MAX_WINDOW_SECONDS) {
    throw badInput('windowSeconds', `windowSeconds must be a whole number of seconds from 1 to ${MAX_WINDOW_SECONDS}`);
  }
  const wholeCount = input.kind !== RunawayRuleKind.spend_rate;
  if (!Number.isFinite(input.limit) || input.limit <= 0 || input.limit > MAX_LIMIT || (wholeCount && !Number.isSafeInteger(input.limit))) {
    throw badInput('limit', wholeCount ? 'limit must be a whole number above zero' : 'limit must be a number of cents above zero');
  }
  const toolPattern = input.toolPattern === undefined || input.toolPattern === null || input.toolPattern === '' ? null : input.toolPattern;
  if (toolPattern !== null && !KINDS_WITH_TOOLS.has(input.kind)) throw badInput('toolPattern', `toolPattern applies to ${[...KINDS_WITH_TOOLS].join(' and ')} rules only`);
  if (toolPattern !== null) checkRunawayToolPattern(toolPattern);
  const action = input.action ?? RunawayAction.pause;
  if (!Object.values(RunawayAction).includes(action)) throw badInput('action', 'action must be pause or kill');
  return { kind: input.kind, limitValue: input.limit, windowSeconds, toolPattern, action };
}

/** A glob as tool rules take it, or a regular expression written between slashes (`/^search_(web|news)$/`). */
export function checkRunawayToolPattern(pattern: string): string {
  if (!isRegexPattern(pattern)) {
    try {
      return checkToolPattern(pattern);
    } catch {
      throw badInput('toolPattern', 'toolPattern must be a glob of 1 to 200 letters, digits, _ . : - * ? or a regular expression between slashes');
    }
  }
  if (pattern.length > 200) throw badInput('toolPattern', 'toolPattern must be at most 200 characters');
  try {
    new RegExp(pattern.slice(1, -1), 'i');
  } catch (error) {
    throw badInput('toolPattern', `toolPattern is not a valid regular expression: ${(error as Error).message}`);
  }
  return pattern;
}

export function isRegexPattern(pattern: string): boolean {
  return pattern.length >= 2 && pattern.startsWith('/') && pattern.endsWith('/');
}
