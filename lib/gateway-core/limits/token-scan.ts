import { Lexer, Source, TokenKind } from 'graphql';
import { AppError } from '../../errors';

const OPENERS = new Set<string>([TokenKind.BRACE_L, TokenKind.PAREN_L, TokenKind.BRACKET_L]);
const CLOSERS = new Set<string>([TokenKind.BRACE_R, TokenKind.PAREN_R, TokenKind.BRACKET_R]);

/**
 * One pass of the tokenizer, stopped at the first token over `maxTokens` or the first bracket
 * nested deeper than `maxRecursion`: a huge or deeply nested document costs at most that many
 * tokens before it is refused, and the recursive parser never sees it. Syntax errors are left to
 * the parser, which reports them with their location.
 */
export function scanTokens(query: string, limits: { maxTokens: number; maxRecursion: number }): AppError | undefined {
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > limits.maxTokens) {
        return new AppError('MAX_TOKENS_LIMIT', `The document has more than ${limits.maxTokens} tokens`, { details: { limit: limits.maxTokens } });
      }
      if (OPENERS.has(token.kind) && ++nesting > limits.maxRecursion) {
        return new AppError('MAX_RECURSION_LIMIT', `The document nests brackets more than ${limits.maxRecursion} deep`, { details: { limit: limits.maxRecursion } });
      }
      if (CLOSERS.has(token.kind)) nesting--;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
