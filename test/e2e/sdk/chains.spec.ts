import { chain, init, protect, Runtime, shutdown, span, SvcChainError, trackLlm } from '@switchyard/sdk';
import { describeEachDatabase } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { controlUrlOf, usageTotals } from '../../support/guard-fixtures';

describeEachDatabase('sdk: chains', (target) => {
  afterEach(() => shutdown({ timeout: 1000 }));

  it('starts, continues and ends a chain, and refuses it once ended', async () => {
    const fixture = await newTenant(target);
    await init(new Runtime({ apiKey: fixture.key, apiUrl: target.shimUrl, controlUrl: controlUrlOf(target), push: false, pollIntervalMs: 0 }, {}));
    const step = protect(async function research_step(n: number) {
      return span(`step ${n}`, () => {
        trackLlm(100, 10, { model: 'gpt-4o-mini' });
        return n;
      });
    });
    const chainId = `chain-${fixture.workflowName}`;
    expect(await chain(chainId, { op: 'start' }, () => step(1))).toBe(1);
    expect(await chain(chainId, async () => [await step(2), await step(3)])).toEqual([2, 3]);
    expect(await chain(chainId, { op: 'end' }, () => step(4))).toBe(4);

    const refusal = await chain(chainId, { op: 'continue' }, () => step(5)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SvcChainError);
    expect(refusal).toMatchObject({ errorCode: 'SV-CH001', chainId, reason: 'CHAIN_EXPIRED' });

    await shutdown();
    // four LLM calls; span events are recorded but are not calls
    expect(await usageTotals(target, fixture)).toMatchObject({ calls: 4, tokens: 440 });
  });
});
