import { registerEnumType } from 'type-graphql';
import { ApprovalStatus, RunawayAction, RunawayRuleKind, ToolAction, WorkflowState } from '../entities';
import { GateVerdict } from '../services/gate/gate-decision';

registerEnumType(WorkflowState, { name: 'WorkflowState', description: 'Normal, Paused (calls are throttled) or Killed (final).' });
registerEnumType(ToolAction, { name: 'ToolAction', description: 'What a tool rule does to calls of matching tools.' });
registerEnumType(GateVerdict, { name: 'GateVerdict', description: "The gate's answer to one call." });
registerEnumType(ApprovalStatus, { name: 'ApprovalStatus' });
registerEnumType(RunawayRuleKind, { name: 'RunawayRuleKind', description: 'What a runaway rule counts in its window: repeated_tool_call (gate calls of one tool with the same input), call_rate (gate calls), token_rate (tokens reported), spend_rate (cents charged).' });
registerEnumType(RunawayAction, { name: 'RunawayAction', description: 'What breaking a runaway rule does to its workflow.' });

export { ApprovalStatus, GateVerdict, RunawayAction, RunawayRuleKind, ToolAction, WorkflowState };
