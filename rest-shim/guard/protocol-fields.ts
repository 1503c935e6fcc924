/** A camelCase name in snake_case, as a type: `resumeAfter` → `resume_after`. */
type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : Name;

/** A workflow's GraphQL fields as the guard protocol names them: snake_case, its `id` as `workflow_id`, no `__typename`. */
export type ProtocolFields<Fields> = { [K in keyof Fields as K extends '__typename' ? never : K extends 'id' ? 'workflow_id' : SnakeCase<K & string>]: Fields[K] };

const snakeCase = (name: string): string => (name === 'id' ? 'workflow_id' : name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));

/**
 * A workflow's state from a GraphQL selection to the protocol's body, field by field: the
 * document's selection (guard.graphql, control.graphql) says which, so a field added to a
 * workflow reaches the REST answer and the control channel's messages without code here.
 */
export function protocolFields<Fields extends object>(fields: Fields): ProtocolFields<Fields> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) if (name !== '__typename') body[snakeCase(name)] = value;
  return body as ProtocolFields<Fields>;
}
