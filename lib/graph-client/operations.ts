import { createHash } from 'node:crypto';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, print, stripIgnoredCharacters, type DocumentNode } from 'graphql';

/** One named GraphQL operation as the gateway receives it, typed by its document. */
export interface Operation<Result = unknown, Variables = Record<string, unknown>> {
  name: string;
  query: string;
  /** `sha256:` and the SHA-256 of `query`: its id in the build's trusted-document manifest. */
  documentId: string;
  /** Carries the document's types; never set. */
  readonly __types?: (variables: Variables) => Result;
}

const printed = new WeakMap<DocumentNode, Operation>();

/**
 * The text and name of a generated operation document (one operation and the fragments it
 * spreads), printed once, at start-up, and kept. A document without exactly one named operation
 * stops the process (the shim, the web server) from starting instead of failing a request.
 */
export function operationOf<Result, Variables>(document: TypedDocumentNode<Result, Variables>): Operation<Result, Variables> {
  const known = printed.get(document);
  if (known) return known as Operation<Result, Variables>;
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const name = operations.length === 1 ? operations[0].name?.value : undefined;
  if (!name) throw new Error('An operation document sent to the gateway holds exactly one named operation');
  // Compact text: fewer bytes for every request to carry and for the gateway to hash.
  const query = stripIgnoredCharacters(print(document));
  const operation: Operation<Result, Variables> = { name, query, documentId: `sha256:${createHash('sha256').update(query).digest('hex')}` };
  printed.set(document, operation as unknown as Operation);
  return operation;
}

