import {
  Kind, print, visit,
  type DirectiveNode, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type InlineFragmentNode, type OperationDefinitionNode, type SelectionNode, type SelectionSetNode,
} from 'graphql';
import { AppError } from '../../errors';
import { withoutUnused } from '../authorization/operation-pruning';
import { parseOperation, type ParsedOperation } from '../parsed-operation';

/** One `@defer`red fragment: its label in the plan, the client's label, where its data goes, and how its payload is shaped. */
export interface DeferredFragment {
  /** The label the planner's `DeferredNode` carries: the client's, or one given here to an unlabelled fragment. */
  planLabel: string;
  /** The client's label, delivered with the fragment's payloads. */
  label?: string;
  /** Response keys of the fields leading to the fragment (a list among them is answered item by item). */
  path: string[];
  /** The fields that lead to the fragment, and the fragment: shapes its payload from the operation's data. */
  shape: DocumentNode;
}

/** An operation with active `@defer`s, as the gateway plans, validates and delivers it. */
export interface DeferredOperation {
  /** The whole operation without `@defer`: what Apollo validates, and answers whole to a client that takes no multipart answer. */
  whole: string;
  /** The operation the planner plans: its active top-level `@defer`s, each labelled; the others gone. */
  planned: DocumentNode;
  /** Names the plan of `planned` (the text, the operation and which `@defer`s are active). */
  planKey: string;
  /** The operation without its deferred fragments: shapes the initial payload. */
  initial: DocumentNode;
  fragments: DeferredFragment[];
}

const isDefer = (directive: DirectiveNode) => directive.name.value === 'defer';
const argument = (directive: DirectiveNode, name: string) => directive.arguments?.find((candidate) => candidate.name.value === name)?.value;

/**
 * The operation a request runs, with its `@defer`s, or undefined when it defers nothing (or does
 * not parse: Apollo reports that). Refuses, as 400s, what the incremental-delivery RFC forbids:
 * `@defer` on a root mutation or subscription field, a label used twice or not a literal string.
 * A `@defer` inside a deferred fragment is delivered with its parent.
 */
export function deferredOperation(query: string, operationName: unknown, variables: Record<string, unknown>): DeferredOperation | undefined {
  if (!query.includes('@defer')) return undefined;
  const parsed = parsedOnce(query, operationName);
  if (!parsed) return undefined;
  const { document, operation, fragments } = parsed;

  const labels = new Set<string>();
  const found: Array<{ chain: Array<FieldNode | InlineFragmentNode>; fragment: InlineFragmentNode; directive: DirectiveNode; label?: string }> = [];
  let activity = '';
  const active = (directives: readonly DirectiveNode[] | undefined): DirectiveNode | undefined => {
    const directive = directives?.find(isDefer);
    if (!directive) return undefined;
    const condition = argument(directive, 'if');
    if (condition?.kind === Kind.BOOLEAN && !condition.value) return undefined;
    if (condition?.kind === Kind.VARIABLE && variables[condition.name.value] === false) return undefined;
    return directive;
  };
  const deferred = (directives: readonly DirectiveNode[] | undefined): DirectiveNode | undefined => {
    const directive = active(directives);
    activity += directive ? '1' : directives?.some(isDefer) ? '0' : '';
    if (!directive) return undefined;
    const label = argument(directive, 'label');
    if (label && label.kind !== Kind.STRING) throw new AppError('BAD_USER_INPUT', 'A @defer label is a literal string', { field: 'query' });
    if (label) {
      if (labels.has(label.value)) throw new AppError('BAD_USER_INPUT', `The @defer label "${label.value}" is used twice`, { field: 'query' });
      labels.add(label.value);
    }
    return directive;
  };

  const walk = (selectionSet: SelectionSetNode, chain: Array<FieldNode | InlineFragmentNode>, atRoot: boolean, spreading: Set<string>): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.selectionSet) walk(selection.selectionSet, [...chain, selection], false, spreading);
        continue;
      }
      const inline = asInline(selection, fragments);
      if (!inline) continue;
      const directive = deferred(selection.directives);
      if (directive) {
        if (atRoot && operation.operation !== 'query') throw new AppError('BAD_USER_INPUT', `@defer is not allowed on root ${operation.operation} fields`, { field: 'query' });
        const label = argument(directive, 'label');
        found.push({ chain, fragment: { ...inline, directives: inline.directives?.filter((candidate) => !isDefer(candidate)) }, directive, label: label?.kind === Kind.STRING ? label.value : undefined });
        continue;
      }
      const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : undefined;
      if (name && spreading.has(name)) continue;
      walk(inline.selectionSet, [...chain, inline], atRoot, name ? new Set([...spreading, name]) : spreading);
    }
  };
  walk(operation.selectionSet, [], true, new Set());
  if (found.length === 0) return undefined;

  // Unlabelled fragments get labels of their own, so each planned DeferredNode names its fragment.
  const planLabels = new Map<DirectiveNode, string>();
  found.forEach(({ directive, label }, index) => {
    let planLabel = label ?? `_deferred${index}`;
    while (label === undefined && labels.has(planLabel)) planLabel += '_';
    labels.add(planLabel);
    planLabels.set(directive, planLabel);
  });
  const planned = visit(document, {
    Directive: (node) => {
      if (!isDefer(node)) return undefined;
      const planLabel = planLabels.get(node);
      if (planLabel === undefined) return null;
      return { ...node, arguments: [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'label' }, value: { kind: Kind.STRING, value: planLabel } }] };
    },
  });
  const withoutDefer = visit(document, { Directive: (node) => (isDefer(node) ? null : undefined) });
  const initial = visit(document, {
    InlineFragment: (node) => (active(node.directives) ? null : undefined),
    FragmentSpread: (node) => (active(node.directives) ? null : undefined),
  });
  return {
    whole: print(withoutDefer),
    planned,
    planKey: `${typeof operationName === 'string' ? operationName : ''}\n${activity}\n${query}`,
    initial: withoutUnused(withTypenameInEmpty(visit(initial, { Directive: (node) => (isDefer(node) ? null : undefined) }))),
    fragments: found.map(({ chain, fragment, directive, label }) => ({
      planLabel: planLabels.get(directive)!,
      label,
      shape: withoutUnused(partQuery(document, operation, chain, fragment)),
      path: chain.filter((node): node is FieldNode => node.kind === Kind.FIELD).map((field) => field.alias?.value ?? field.name.value),
    })),
  };
}

/** Documents with `@defer` kept parsed, by operation name and text (up to 16 kB): a client sends the same few over and over. */
const KEPT_PARSED = 1_000;
const KEPT_LENGTH = 16 * 1024;
const parsedDocuments = new Map<string, ParsedOperation | undefined>();

function parsedOnce(query: string, operationName: unknown): ParsedOperation | undefined {
  const key = `${typeof operationName === 'string' ? operationName : ''}\n${query}`;
  if (parsedDocuments.has(key)) return parsedDocuments.get(key);
  const parsed = parseOperation(query, operationName);
  if (query.length > KEPT_LENGTH) return parsed;
  if (parsedDocuments.size >= KEPT_PARSED) parsedDocuments.delete(parsedDocuments.keys().next().value!);
  parsedDocuments.set(key, parsed);
  return parsed;
}

/** A fragment spread as the inline fragment it stands for (its type condition and selections). */
function asInline(selection: SelectionNode, fragments: Map<string, FragmentDefinitionNode>): InlineFragmentNode | undefined {
  if (selection.kind === Kind.INLINE_FRAGMENT) return selection;
  if (selection.kind !== Kind.FRAGMENT_SPREAD) return undefined;
  const fragment = fragments.get(selection.name.value);
  if (!fragment) return undefined;
  return { kind: Kind.INLINE_FRAGMENT, typeCondition: fragment.typeCondition, directives: selection.directives, selectionSet: fragment.selectionSet };
}

/** The operation selecting only the fields that lead to one deferred fragment, and the fragment. */
function partQuery(document: DocumentNode, operation: OperationDefinitionNode, chain: Array<FieldNode | InlineFragmentNode>, fragment: InlineFragmentNode): DocumentNode {
  let selection: SelectionNode = fragment;
  for (const node of [...chain].reverse()) selection = { ...node, selectionSet: { kind: Kind.SELECTION_SET, selections: [selection] } } as SelectionNode;
  const part: OperationDefinitionNode = { ...operation, selectionSet: { kind: Kind.SELECTION_SET, selections: [selection] } };
  const definitions = document.definitions.map((definition) => (definition === operation ? part : definition)).filter((definition) => definition.kind !== Kind.OPERATION_DEFINITION || definition === part);
  return visit({ ...document, definitions }, { Directive: (node) => (isDefer(node) ? null : undefined) });
}

/** A selection emptied by taking its deferred fragments out keeps `__typename`, so the initial operation stays valid. */
function withTypenameInEmpty(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet: (node) => (node.selections.length === 0 ? { ...node, selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] } : undefined),
  });
}
