import pino from 'pino';
import { TokenVerifier, type InternalToken } from '../auth';
import { Workflow } from '../../subgraphs/guard/entities';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { readWorkflowsOf } from '../../subgraphs/guard/services/workflows/workflow-reads';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../test/support/scratch-domain-database';
import { scopeFactory } from './request-scope';

const internalToken: InternalToken = { value: 'internal', matches: () => false };

describe.each(TEST_DIALECTS)('a request scope [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);
  const scopeOf = () => scopeFactory(ormOf(), new TokenVerifier([], 'issuer'), internalToken)({ requestId: 'r-1', logger: pino({ level: 'silent' }), headers: {}, socketAddress: '127.0.0.1' });

  it('reads without entities on the process EntityManager, forking none, until the request forks its own', async () => {
    await ormOf().em.fork().persistAndFlush(new Workflow('org-scope', 'committed', 100));
    const fork = jest.spyOn(ormOf().em, 'fork');
    try {
      const scope = scopeOf();
      expect(scope.reader).toBe(ormOf().em);
      expect((await readWorkflowsOf(scope.reader, 'org-scope', null)).map((row) => row.name)).toEqual(['committed']);
      expect(fork).not.toHaveBeenCalled();

      const own = scope.em;
      expect(fork).toHaveBeenCalledTimes(1);
      expect(scope.reader).toBe(own);
      expect(scope.em).toBe(own);
    } finally {
      fork.mockRestore();
    }
  });

  it("reads, once the request began a transaction, in it: its uncommitted rows, and none of them after the rollback", async () => {
    const scope = scopeOf();
    await scope.em.begin();
    try {
      await scope.em.persistAndFlush(new Workflow('org-scope-tx', 'uncommitted', 100));
      expect((await readWorkflowsOf(scope.reader, 'org-scope-tx', null)).map((row) => row.name)).toEqual(['uncommitted']);
    } finally {
      await scope.em.rollback();
    }
    expect(await readWorkflowsOf(scopeOf().reader, 'org-scope-tx', null)).toEqual([]);
  });
});
