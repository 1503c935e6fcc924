import { registerEnumType } from 'type-graphql';
import { ApprovalStatus, ToolAction, WorkflowState } from '../entities';
import { GateVerdict } from '../services/gate/gate-decision';

registerEnumType(WorkflowState, { name: 'WorkflowState', description: 'Normal, Paused (calls are throttled) or Killed (final).' });
registerEnumType(ToolAction, { name: 'ToolAction', description: 'What a tool rule does to calls of matching tools.' });
registerEnumType(GateVerdict, { name: 'GateVerdict', description: "The gate's answer to one call." });
registerEnumType(ApprovalStatus, { name: 'ApprovalStatus' });

export { ApprovalStatus, GateVerdict, ToolAction, WorkflowState };
