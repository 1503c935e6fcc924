import jwt from 'jsonwebtoken';
import { bearer, postJson, send } from '../support/http';
import { describeEachDatabase, type StackTarget } from '../support/targets';
import { newOperator, newWorkflow, type Operator } from '../support/tenants';
import { decodeClaims, stackSigningKey } from '../support/tokens';
import { subscribeControl } from '../e2e/guard/control-clients';
import { eventually } from '../support/eventually';

/** A token signed with the stack's own key (as only the key holder could), with `changes` to an operator's claims. */
function signedWith(target: StackTarget, operator: Operator, changes: (claims: Record<string, any>) => Record<string, any>): string {
  const { kid } = jwt.decode(operator.token, { complete: true })!.header;
  return jwt.sign(changes(decodeClaims(operator.token)), stackSigningKey(target), { algorithm: 'RS256', keyid: kid });
}

const now = () => Math.floor(Date.now() / 1000);

describeEachDatabase('hardening: every token expires', (target) => {
  const cases: Array<[string, RegExp, (claims: Record<string, any>) => Record<string, any>]> = [
    ['without exp', /without expiry/i, ({ exp: _exp, ...claims }) => ({ ...claims, iat: now() })],
    ['issued an hour in the future', /issued in the future/i, (claims) => ({ ...claims, iat: now() + 3600, exp: now() + 7200 })],
  ];

  describe.each(cases)('a well-signed token %s', (_name, reason, changes) => {
    let operator: Operator;
    let workflowId: string;
    let token: string;

    beforeAll(async () => {
      operator = await newOperator(target);
      workflowId = (await newWorkflow(target, operator)).id;
      token = signedWith(target, operator, changes);
    });

    it('gets 401 on REST (accounts and the guard’s operator routes), and the genuine token still passes', async () => {
      const payload = await send(`${target.shimUrl}/auth/payload`, { headers: bearer(token) });
      expect(payload.status).toBe(401);
      expect(payload.body).toEqual({ error: expect.stringMatching(reason) });
      const kill = await postJson(`${target.shimUrl}/api/v1/workflows/${workflowId}/kill`, { reason: 'forged' }, { ...bearer(token), 'x-guard-protocol': '3' });
      expect(kill.status).toBe(401);
      expect(kill.body).toMatchObject({ error_code: 'UNAUTHENTICATED', error_message: expect.stringMatching(reason) });
      // Nothing was killed, and the operator's own token is accepted.
      const status = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { state } }', variables: { id: workflowId } }, bearer(operator.token));
      expect(status.body.data.workflow.state).toBe('Normal');
    });

    // The gateway answers GraphQL errors in a 200, as every other of its refusals; the error says 401.
    it('gets 401 on GraphQL at the gateway', async () => {
      const read = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { id } }', variables: { id: workflowId } }, bearer(token));
      expect(read.body.data?.workflow ?? null).toBeNull();
      expect(read.body.errors[0]).toMatchObject({ message: expect.stringMatching(reason), extensions: { code: 'UNAUTHENTICATED', status: 401 } });
    });

    it('gets 401 on a graphql-ws subscription', async () => {
      const subscriber = subscribeControl(target.gatewayUrl, operator.organisationId, bearer(token));
      try {
        await eventually(() => subscriber.errors.length > 0, 10_000, 'the subscription refused');
        expect(subscriber.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(reason), extensions: expect.objectContaining({ code: 'UNAUTHENTICATED', status: 401 }) })]);
        expect(subscriber.inbox.received).toEqual([]);
      } finally {
        await subscriber.client.dispose();
      }
    });
  });
});
