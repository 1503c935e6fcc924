import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { stripIgnoredCharacters } from 'graphql';
import type { Logger } from '../../logging';
import { trustedManifestLoads } from '../../metrics';
import { readManifest } from './manifest-formats';

/** One document of the manifest; its limits verdict is measured once per schema, on its first call (OperationLimits). */
export interface TrustedDocument {
  id: string;
  body: string;
}

/** Texts remembered as not in the manifest, and the longest one remembered. */
const REMEMBERED_TEXTS = 1_000;
const REMEMBERED_LENGTH = 16 * 1024;

/** A set that forgets its oldest member past `max`. */
class BoundedSet {
  private readonly members = new Set<string>();
  constructor(private readonly max: number) {}
  has(value: string): boolean {
    return this.members.has(value);
  }
  add(value: string): void {
    if (this.members.size >= this.max) this.members.delete(this.members.values().next().value!);
    this.members.add(value);
  }
}

/** Writers replace a file in steps (truncate, write; or write and rename): reading waits for them to settle. */
const SETTLE_MS = 50;

/**
 * The trusted-document manifest, read at start and again whenever its file changes. A manifest
 * that cannot be read or is not one (not JSON, wrong shape) leaves the one before serving, with
 * an error log line and `gateway_trusted_manifest_loads_total{outcome="invalid"}`.
 */
export class TrustedDocuments {
  private byId = new Map<string, TrustedDocument>();
  /** By exact text, and by text without ignored characters (a client may print the document its own way). */
  private byText = new Map<string, TrustedDocument>();
  /** Texts found in no form in the manifest, so that `allow` mode does not strip them on every call. */
  private notInManifest = new BoundedSet(REMEMBERED_TEXTS);
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly logger: Logger,
  ) {}

  static async open(path: string, logger: Logger): Promise<TrustedDocuments> {
    const documents = new TrustedDocuments(path, logger);
    await documents.load();
    documents.watch();
    return documents;
  }

  get size(): number {
    return this.byId.size;
  }

  find(id: string): TrustedDocument | undefined {
    return this.byId.get(id);
  }

  /** The document with this text, exactly or up to ignored characters (whitespace, commas, comments). */
  findText(text: string): TrustedDocument | undefined {
    const exact = this.byText.get(text);
    if (exact || this.byText.size === 0 || this.notInManifest.has(text)) return exact;
    let compact: TrustedDocument | undefined;
    try {
      compact = this.byText.get(stripIgnoredCharacters(text));
    } catch {
      compact = undefined; // does not parse: no manifest document
    }
    if (!compact && text.length <= REMEMBERED_LENGTH) this.notInManifest.add(text);
    return compact;
  }

  /** Waits for a read the watcher started (tests and the reload path). */
  settled(): Promise<void> {
    return this.loading;
  }

  close(): void {
    this.watcher?.close();
    clearTimeout(this.timer);
  }

  private async load(): Promise<void> {
    let documents: Map<string, string>;
    try {
      documents = readManifest(await readFile(this.path, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the manifest file does not exist' : (error as Error).message;
      trustedManifestLoads.inc({ outcome: 'invalid' });
      this.logger.error({ path: this.path, reason, kept: this.byId.size }, 'trusted-document manifest not loaded: the previous one keeps serving');
      return;
    }
    const byId = new Map<string, TrustedDocument>();
    const byText = new Map<string, TrustedDocument>();
    for (const [id, body] of documents) {
      const document: TrustedDocument = { id, body };
      byId.set(id, document);
      byText.set(body, document);
      try {
        byText.set(stripIgnoredCharacters(body), document);
      } catch {
        // a body that does not parse is only found by its id (and fails as Apollo reports it)
      }
    }
    this.byId = byId;
    this.byText = byText;
    this.notInManifest = new BoundedSet(REMEMBERED_TEXTS);
    trustedManifestLoads.inc({ outcome: 'ok' });
    this.logger.info({ path: this.path, documents: byId.size }, 'trusted-document manifest loaded');
  }

  /** Watches the directory, so a manifest replaced by a rename (as deploy tools write files) is still seen. */
  private watch(): void {
    const name = basename(this.path);
    try {
      this.watcher = watch(dirname(this.path), (_event, changed) => {
        if (changed !== null && changed !== name) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => (this.loading = this.loading.then(() => this.load())), SETTLE_MS);
      });
      this.watcher.on('error', (error) => this.logger.error({ err: error, path: this.path }, 'trusted-document manifest no longer watched'));
    } catch (error) {
      this.logger.error({ err: error, path: this.path }, 'trusted-document manifest cannot be watched: changes need a restart');
    }
  }
}
