import type { Logger } from '../../logging';
import { UnreadableSupergraph, type SupergraphChanges, type SupergraphSource } from './supergraph-source';

/** The longest one fetch of the supergraph may take. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * A supergraph served over HTTP (a registry, an artifact store, a ConfigMap server), fetched at
 * start and then every `SUPERGRAPH_POLL_SECONDS` with the last answer's `ETag` in
 * `If-None-Match`: a `304` costs the server nothing and changes nothing here. Only a `200`'s
 * whole body is handed on (a body cut short fails the fetch).
 */
export class SupergraphUrl implements SupergraphSource {
  private etag: string | undefined;

  constructor(
    readonly origin: string,
    private readonly pollSeconds: number,
    private readonly logger: Logger,
  ) {}

  async read(): Promise<string> {
    const text = await this.fetchText();
    if (text === undefined) throw new UnreadableSupergraph(`${this.origin} answered 304 to the first fetch`);
    return text;
  }

  follow(changes: SupergraphChanges): () => void {
    let polling = false;
    const timer = setInterval(async () => {
      if (polling) return;
      polling = true;
      try {
        const text = await this.fetchText();
        if (text === undefined) changes.unchanged();
        else changes.changed(text);
      } catch (error) {
        changes.unreadable(error instanceof UnreadableSupergraph ? error : new UnreadableSupergraph((error as Error).message));
      } finally {
        polling = false;
      }
    }, this.pollSeconds * 1000);
    timer.unref();
    this.logger.debug({ url: this.origin, pollSeconds: this.pollSeconds }, 'polling the supergraph URL');
    return () => clearInterval(timer);
  }

  /** The new text, or undefined when the server says it has not changed. */
  private async fetchText(): Promise<string | undefined> {
    let response: Response;
    try {
      response = await fetch(this.origin, {
        headers: { accept: 'text/plain, application/graphql, */*', ...(this.etag && { 'if-none-match': this.etag }) },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new UnreadableSupergraph(`fetching ${this.origin} failed: ${(error as Error).message}${cause ? ` (${cause})` : ''}`);
    }
    if (response.status === 304) {
      await response.arrayBuffer();
      return undefined;
    }
    if (response.status !== 200) {
      await response.arrayBuffer();
      throw new UnreadableSupergraph(`${this.origin} answered HTTP ${response.status}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new UnreadableSupergraph(`reading ${this.origin} failed: ${(error as Error).message}`);
    }
    // Kept only with the text it names: a failed read leaves the last good ETag.
    this.etag = response.headers.get('etag') ?? undefined;
    return text;
  }
}
