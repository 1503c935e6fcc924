import { protocolField, protocolText } from './guard-errors';

describe('guard errors in the protocol’s words', () => {
  it('spells GraphQL field names as the wire does', () => {
    expect(protocolField('estimatedTokens')).toBe('estimated_tokens');
    expect(protocolField('organisationId')).toBe('organization_id');
    expect(protocolField('type')).toBe('type');
  });

  it('rewrites a message that opens with its field, and only such a message', () => {
    expect(protocolText('chainId is required with chainOp', 'chainId')).toBe('chain_id is required with chain_op');
    expect(protocolText('metadata must total at most 8192 characters of JSON', 'metadata')).toBe('extra fields must total at most 8192 characters of JSON');
    expect(protocolText('Variable "$input" got invalid value at "input.estimatedTokens"', 'input')).toBe('Variable "$input" got invalid value at "input.estimatedTokens"');
    expect(protocolText('TOOL_BLOCKED: sendMoney matches send*', null)).toBe('TOOL_BLOCKED: sendMoney matches send*');
  });
});
