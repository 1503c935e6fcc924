import { isAllowed, type Perms } from './perms';

const perms: Perms = {
  organisation: { create: {}, read: { organisationId: ['org-a', 'org-b'] } },
  problem: { update: { organisationId: ['org-a'], region: ['eu'] } },
};

describe('isAllowed', () => {
  it('denies when the resource is missing', () => {
    expect(isAllowed(perms, 'workflow', 'update', { organisationId: 'org-a' })).toBe(false);
  });

  it('denies when the action is missing', () => {
    expect(isAllowed(perms, 'organisation', 'delete', { organisationId: 'org-a' })).toBe(false);
  });

  it('denies when there are no perms at all', () => {
    expect(isAllowed(undefined, 'organisation', 'create')).toBe(false);
  });

  it('allows an action whose restriction object is empty, whatever the context', () => {
    expect(isAllowed(perms, 'organisation', 'create')).toBe(true);
    expect(isAllowed(perms, 'organisation', 'create', { organisationId: 'org-z' })).toBe(true);
  });

  it('allows when the one restriction holds', () => {
    expect(isAllowed(perms, 'organisation', 'read', { organisationId: 'org-b' })).toBe(true);
  });

  it('denies when the restriction does not hold or the context lacks it', () => {
    expect(isAllowed(perms, 'organisation', 'read', { organisationId: 'org-z' })).toBe(false);
    expect(isAllowed(perms, 'organisation', 'read', {})).toBe(false);
  });

  it('needs every restriction to hold (logical AND)', () => {
    expect(isAllowed(perms, 'problem', 'update', { organisationId: 'org-a', region: 'eu' })).toBe(true);
    expect(isAllowed(perms, 'problem', 'update', { organisationId: 'org-a', region: 'us' })).toBe(false);
    expect(isAllowed(perms, 'problem', 'update', { organisationId: 'org-b', region: 'eu' })).toBe(false);
  });
});
