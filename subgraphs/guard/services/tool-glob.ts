const compiled = new Map<string, RegExp>();

/**
 * Whether a tool name matches a rule pattern: `*` is any run of characters, `?` one character,
 * everything else literal; case-insensitive, so `Send_Email` cannot slip past `send_*`.
 */
export function matchesToolPattern(pattern: string, tool: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    regex = new RegExp(`^${source}$`, 'i');
    compiled.set(pattern, regex);
  }
  return regex.test(tool);
}

export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}
