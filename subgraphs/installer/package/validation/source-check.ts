import type * as TypeScript from 'typescript';
import { problemAt } from '../package-errors';

const SOURCE = /\.(ts|tsx|js|jsx)$/;

/** The compiler is half a second of start-up, so the installer loads it when a package first needs it. */
let compiler: typeof TypeScript | undefined;
function typescript(): typeof TypeScript {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  compiler ??= require('typescript') as typeof TypeScript;
  return compiler;
}

export function isSourceFile(path: string): boolean {
  return SOURCE.test(path);
}

/**
 * Every syntax error of one source file, as the TypeScript compiler's parser reports it (the
 * same parser for .ts, .tsx, .js and .jsx; JSX only where the extension allows it). The package's
 * code is kept, never run, so types and imports are not resolved: syntax is what must hold.
 */
export function sourceProblems(path: string, text: string): string[] {
  const ts = typescript();
  const { diagnostics = [] } = ts.transpileModule(text, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true, target: ts.ScriptTarget.ESNext, noEmitHelpers: true },
  });
  return diagnostics.map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 1;
    return problemAt(path, ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '), line);
  });
}
