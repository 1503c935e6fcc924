import { randomBytes } from 'node:crypto';
import { ZipFile } from 'yazl';

/** One entry of an archive built for a test. */
export interface FixtureEntry {
  name: string;
  data?: Buffer | string;
  /** Unix mode, type bits included (0o120777 makes a symlink). */
  mode?: number;
  compress?: boolean;
  directory?: boolean;
}

/**
 * Builds a ZIP in memory. yazl refuses the hostile names the reader must refuse too (`..`,
 * absolute paths), so such names are written as same-length placeholders and swapped in the
 * finished bytes, local headers and central directory alike.
 */
export async function buildZip(entries: FixtureEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  const swaps: Array<[Buffer, Buffer]> = [];
  for (const entry of entries) {
    let name = entry.name;
    if (needsSwap(name)) {
      const placeholder = placeholderFor(name);
      swaps.push([Buffer.from(placeholder), Buffer.from(name)]);
      name = placeholder;
    }
    if (entry.directory) zip.addEmptyDirectory(name, { mode: entry.mode });
    else zip.addBuffer(Buffer.from(entry.data ?? ''), name, { mode: entry.mode, compress: entry.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  for (const [from, to] of swaps) {
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + to.length)) to.copy(bytes, at);
  }
  return bytes;
}

function needsSwap(name: string): boolean {
  return name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes('..') || name.includes('\\');
}

function placeholderFor(name: string): string {
  const letters = randomBytes(Buffer.byteLength(name)).toString('hex').replace(/[0-9]/g, 'q');
  return letters.slice(0, Buffer.byteLength(name));
}

/** Bytes that deflate hardly at all, for entries that must stay under the ratio limit. */
export function incompressible(bytes: number): Buffer {
  return randomBytes(bytes);
}
