export { GUARD_PROTOCOL_VERSION } from './protocol-version';
export { gateInput, type GateBodyFields, type GateInputOf } from './gate-input';
