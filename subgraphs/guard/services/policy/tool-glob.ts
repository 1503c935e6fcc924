/**
 * A test of tool names against a rule pattern, compiled once: `*` is any run of characters,
 * `?` one character, everything else literal; case-insensitive, so `Send_Email` cannot slip
 * past `send_*`.
 */
export function toolMatcher(pattern: string): (tool: string) => boolean {
  if (!isGlob(pattern)) {
    const name = pattern.toLowerCase();
    return (tool) => tool.toLowerCase() === name;
  }
  const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const regex = new RegExp(`^${source}$`, 'i');
  return (tool) => regex.test(tool);
}

export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}
