import type { FormattedExecutionResult } from 'graphql';

/**
 * An operation's data as the subgraph that answered it sent it: JSON text, written out as it is.
 * Only the gateway's HTTP answers carry one (`GatewayContext.answersAsText`), and Apollo Server
 * writes them with `stringifyAnswer`; read as an object anywhere else, it is parsed.
 */
export class ForwardedData {
  /** `answer` is the subgraph's whole answer, `{"data":…}` and nothing else. */
  constructor(readonly answer: string) {}

  toJSON(): unknown {
    return (JSON.parse(this.answer) as { data: unknown }).data;
  }
}

/** Apollo Server's `stringifyResult`: its own (`JSON.stringify` and a newline), but a forwarded answer as it came. */
export function stringifyAnswer(result: FormattedExecutionResult): string {
  if (result.data instanceof ForwardedData && result.errors === undefined && result.extensions === undefined) return result.data.answer;
  return JSON.stringify(result) + '\n';
}
