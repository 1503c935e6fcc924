import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../logging';
import { UnreadableSupergraph, type SupergraphChanges, type SupergraphSource } from './supergraph-source';

/** Quiet after the last change before the file is read, and between the two reads that must agree. */
const SETTLE_MS = 100;
/** Reads that may disagree (a writer still at work) before the file counts as unreadable for now. */
const MAX_READS = 20;

/**
 * A supergraph file, watched through its directory: editors and deploy tools replace a file by
 * renaming another over it (a watch on the file itself would then watch the old one), and a
 * Kubernetes ConfigMap swaps its `..data` link. A change is read once writes have been quiet for
 * a moment, and read again until two reads agree, so a file caught mid-write (truncated) is not
 * handed on; one left truncated still fails the checks that follow.
 */
export class SupergraphFile implements SupergraphSource {
  constructor(
    readonly origin: string,
    private readonly logger: Logger,
  ) {}

  async read(): Promise<string> {
    return readFile(this.origin, 'utf8');
  }

  follow(changes: SupergraphChanges): () => void {
    const name = basename(this.origin);
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    let reading = Promise.resolve();
    const settle = () => {
      reading = reading.then(async () => {
        if (stopped) return;
        const text = await this.settledText();
        if (stopped) return;
        if (text instanceof UnreadableSupergraph) changes.unreadable(text);
        else changes.changed(text);
      });
    };
    let watcher;
    try {
      watcher = watch(dirname(this.origin), (_event, changed) => {
        if (changed !== null && changed !== name && !changed.startsWith('..data')) return;
        clearTimeout(timer);
        timer = setTimeout(settle, SETTLE_MS);
      });
    } catch (error) {
      this.logger.error({ err: error, path: this.origin }, 'supergraph file cannot be watched: a new one needs a restart');
      return () => undefined;
    }
    watcher.on('error', (error) => this.logger.error({ err: error, path: this.origin }, 'supergraph file no longer watched'));
    return () => {
      stopped = true;
      clearTimeout(timer);
      watcher.close();
    };
  }

  /** The text once two reads a moment apart agree. */
  private async settledText(): Promise<string | UnreadableSupergraph> {
    let before: string | undefined;
    for (let read = 0; read < MAX_READS; read++) {
      let text: string;
      try {
        text = await this.read();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' || read === MAX_READS - 1) return new UnreadableSupergraph(code === 'ENOENT' ? 'the supergraph file does not exist' : (error as Error).message);
        before = undefined;
        await sleep(SETTLE_MS);
        continue;
      }
      if (text === before) return text;
      before = text;
      await sleep(SETTLE_MS);
    }
    return new UnreadableSupergraph(`the supergraph file kept changing over ${MAX_READS} reads`);
  }
}
