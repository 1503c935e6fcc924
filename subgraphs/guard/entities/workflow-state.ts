/** The control state of a workflow, spelled as the wire protocol spells it. Killed is final. */
export enum WorkflowState {
  Normal = 'Normal',
  Paused = 'Paused',
  Killed = 'Killed',
}
