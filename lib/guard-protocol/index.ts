export { GUARD_PROTOCOL_VERSION } from './protocol-version';
