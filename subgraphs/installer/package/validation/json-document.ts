import { parseTree, printParseErrorCode, getNodeValue, type Node, type ParseError } from 'jsonc-parser';

/** A JSON file of the package, parsed with positions so every problem can name its line. */
export class JsonDocument {
  private constructor(
    private readonly text: string,
    private readonly root: Node | undefined,
    readonly value: unknown,
  ) {}

  /** The document, or the syntax errors with their lines; comments and trailing commas are errors (JSON, not JSONC). */
  static parse(text: string): { document: JsonDocument } | { errors: Array<{ line: number; message: string }> } {
    const errors: ParseError[] = [];
    const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    if (errors.length > 0) {
      return { errors: errors.map((error) => ({ line: lineAt(source, error.offset), message: `invalid JSON (${printParseErrorCode(error.error)})` })) };
    }
    if (!root) return { errors: [{ line: 1, message: 'invalid JSON (empty document)' }] };
    return { document: new JsonDocument(source, root, getNodeValue(root)) };
  }

  /**
   * The line of the value at a JSON pointer (ajv's `instancePath`), or of its nearest ancestor
   * present in the text; line 1 when nothing matches.
   */
  lineOf(pointer: string | Array<string | number>): number {
    const segments = typeof pointer === 'string' ? pointerSegments(pointer) : pointer.map(String);
    let node = this.root;
    for (const segment of segments) {
      const child = node && childAt(node, segment);
      if (!child) break;
      node = child;
    }
    return node ? lineAt(this.text, node.offset) : 1;
  }
}

function childAt(node: Node, segment: string): Node | undefined {
  if (node.type === 'array') return /^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined;
  if (node.type !== 'object') return undefined;
  // The property's value; a duplicate key means the last one, as JSON.parse reads it.
  const property = node.children?.filter((child) => child.children?.[0]?.value === segment).at(-1);
  return property?.children?.[1];
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
