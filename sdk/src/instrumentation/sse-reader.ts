/**
 * Reads a `text/event-stream` as its bytes go by and hands each event's JSON data to `onData`.
 * Events end at a blank line; several `data:` lines of one event are joined with newlines, as
 * the SSE format says. `[DONE]` and data that is not JSON are skipped.
 */
export class SseReader {
  private readonly decoder = new TextDecoder();
  private pending = '';
  private dataLines: string[] = [];

  constructor(private readonly onData: (payload: unknown) => void) {}

  push(chunk: Uint8Array): void {
    this.pending += this.decoder.decode(chunk, { stream: true });
    // a trailing CR may be the first half of a CRLF split across chunks: wait for the next one
    const complete = this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending;
    const lines = complete.split(/\r\n|\r|\n/);
    this.pending = (lines.pop() ?? '') + this.pending.slice(complete.length);
    for (const line of lines) this.line(line);
  }

  end(): void {
    this.pending += this.decoder.decode();
    for (const line of this.pending.split(/\r\n|\r|\n/)) this.line(line);
    this.pending = '';
    this.dispatch();
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (!line.startsWith('data:')) return;
    this.dataLines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }

  private dispatch(): void {
    if (this.dataLines.length === 0) return;
    const data = this.dataLines.join('\n');
    this.dataLines = [];
    if (data.trim() === '[DONE]') return;
    try {
      this.onData(JSON.parse(data));
    } catch {
      // not JSON: not ours to read
    }
  }
}
