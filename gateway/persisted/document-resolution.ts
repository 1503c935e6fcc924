import type { TrustedDocumentsMode } from '../../lib/config';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logging';
import { persistedDocumentRequests } from '../../lib/metrics';
import type { ApqStore } from './apq-store';
import { SHA256_HEX, SHA256_PREFIX, sha256Hex } from '../../lib/gateway-core/persisted/manifest-formats';
import type { TrustedDocument, TrustedDocuments } from '../../lib/gateway-core/persisted/trusted-documents';

/** One operation of a request body, as a client sends it. */
export type OperationBody = Record<string, unknown>;

/** What the gateway runs: the body with its document's text, and the manifest's entry when it is a trusted one. */
export type Resolution = { kind: 'run'; body: OperationBody; trusted?: TrustedDocument } | { kind: 'refused'; error: AppError };

/**
 * Finds the text of an operation's document, however it was sent: as text; by hash
 * (`extensions.persistedQuery.sha256Hash`, Apollo's automatic persisted queries, registering a
 * document sent with its hash); or by id (`documentId`, the GraphQL over HTTP persisted-documents
 * proposal, `sha256:<hash>` or a bare id). In `enforce` mode only manifest documents run.
 */
export class DocumentResolver {
  constructor(
    private readonly mode: TrustedDocumentsMode,
    private readonly manifest: TrustedDocuments | undefined,
    private readonly apq: ApqStore,
    private readonly logger: Logger,
  ) {}

  async resolve(body: OperationBody): Promise<Resolution> {
    const { documentId, extensions } = body;
    const persisted = extensions !== null && typeof extensions === 'object' ? (extensions as Record<string, unknown>).persistedQuery : undefined;
    if (documentId !== undefined) return this.byId(body, documentId);
    if (persisted !== undefined) return this.byHash(body, persisted);
    if (typeof body.query !== 'string') return { kind: 'run', body };
    const trusted = this.manifest?.findText(body.query);
    if (trusted) return this.trusted(body, trusted);
    return this.untrusted(body);
  }

  private byId(body: OperationBody, documentId: unknown): Resolution {
    if (typeof documentId !== 'string' || documentId === '') return refused(new AppError('BAD_USER_INPUT', 'documentId must be a non-empty string', { field: 'documentId' }));
    const id = documentId.startsWith(SHA256_PREFIX) ? documentId.slice(SHA256_PREFIX.length) : documentId;
    const trusted = this.manifest?.find(id) ?? this.manifest?.find(id.toLowerCase());
    if (trusted) return this.trusted(body, trusted);
    persistedDocumentRequests.inc({ outcome: 'refused' });
    return refused(new AppError('PERSISTED_QUERY_NOT_IN_LIST', `No trusted document has the id "${documentId.slice(0, 80)}"`));
  }

  private async byHash(body: OperationBody, persisted: unknown): Promise<Resolution> {
    const { version, sha256Hash } = (persisted ?? {}) as { version?: unknown; sha256Hash?: unknown };
    if (version !== 1) return refused(new AppError('BAD_USER_INPUT', 'extensions.persistedQuery.version must be 1', { field: 'extensions.persistedQuery.version' }));
    if (typeof sha256Hash !== 'string' || !SHA256_HEX.test(sha256Hash)) return refused(new AppError('PERSISTED_QUERY_HASH_INVALID'));
    const hash = sha256Hash.toLowerCase();
    if (typeof body.query === 'string') {
      if (sha256Hex(body.query) !== hash) return refused(new AppError('PERSISTED_QUERY_HASH_MISMATCH'));
      const trusted = this.manifest?.find(hash) ?? this.manifest?.findText(body.query);
      if (trusted) return this.trusted(body, trusted);
      const untrusted = this.untrusted(body);
      if (untrusted.kind === 'run') {
        await this.apq.set(hash, body.query);
        persistedDocumentRequests.inc({ outcome: 'apq_registered' });
      }
      return untrusted;
    }
    const trusted = this.manifest?.find(hash);
    if (trusted) return this.trusted(body, trusted);
    if (this.mode === 'enforce') return this.untrusted(body);
    const query = await this.apq.get(hash);
    persistedDocumentRequests.inc({ outcome: query === undefined ? 'apq_miss' : 'apq_hit' });
    if (query === undefined) return refused(new AppError('PERSISTED_QUERY_NOT_FOUND'));
    return { kind: 'run', body: withText(body, query) };
  }

  private trusted(body: OperationBody, document: TrustedDocument): Resolution {
    persistedDocumentRequests.inc({ outcome: 'trusted' });
    return { kind: 'run', body: withText(body, document.body), trusted: document };
  }

  /** A document not in the manifest: refused in `enforce`, counted (and logged at debug) in `allow`. */
  private untrusted(body: OperationBody): Resolution {
    if (this.mode === 'off') return { kind: 'run', body: withText(body, body.query) };
    if (this.mode === 'enforce') {
      persistedDocumentRequests.inc({ outcome: 'refused' });
      this.logger.info({ operationName: typeof body.operationName === 'string' ? body.operationName.slice(0, 100) : undefined }, 'operation refused: not a trusted document');
      return refused(new AppError('PERSISTED_QUERY_NOT_IN_LIST', 'Only trusted documents run on this gateway (GATEWAY_TRUSTED_DOCUMENTS=enforce): send a document of its manifest, or its id'));
    }
    persistedDocumentRequests.inc({ outcome: 'untrusted' });
    this.logger.debug({ operationName: typeof body.operationName === 'string' ? body.operationName.slice(0, 100) : undefined }, 'operation served that is not a trusted document');
    return { kind: 'run', body: withText(body, body.query) };
  }
}

const refused = (error: AppError): Resolution => ({ kind: 'refused', error });

/** The body Apollo runs: the document's text, without the persisted-document fields it would refuse (its own APQ is off). */
function withText(body: OperationBody, query: unknown): OperationBody {
  const { documentId: _id, extensions, ...rest } = body;
  if (body.query === query && _id === undefined && !hasPersistedQuery(extensions)) return body;
  if (!hasPersistedQuery(extensions)) return { ...rest, ...(extensions !== undefined && { extensions }), query };
  const { persistedQuery: _persisted, ...others } = extensions as Record<string, unknown>;
  return { ...rest, extensions: others, query };
}

function hasPersistedQuery(extensions: unknown): boolean {
  return extensions !== null && typeof extensions === 'object' && 'persistedQuery' in extensions;
}
