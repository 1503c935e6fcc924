/** What a runaway rule counts within its window. */
export enum RunawayRuleKind {
  /** Gate calls of one tool with the same input. */
  repeated_tool_call = 'repeated_tool_call',
  /** Gate calls (of the tools matching its pattern, when it has one). */
  call_rate = 'call_rate',
  /** Tokens used, as `/track` and usage events report them. */
  token_rate = 'token_rate',
  /** Spend in cents, as `/track` and usage events charge it. */
  spend_rate = 'spend_rate',
}

/** What breaking a runaway rule does to its workflow. */
export enum RunawayAction {
  pause = 'pause',
  kill = 'kill',
}
