import { badInput } from '../../../../lib/errors';

const TOOL_PATTERN = /^[\w.:*?-]{1,200}$/;

/** A tool rule's pattern: a tool name or a glob of one. */
export function checkToolPattern(pattern: string): string {
  if (!TOOL_PATTERN.test(pattern)) throw badInput('pattern', 'pattern must be 1 to 200 letters, digits, _ . : - or the wildcards * and ?');
  return pattern;
}
