import { currentScope, resetRootScope } from './call-scope';
import { agent, chain, currentSignal, setCallContext, span, workflow } from './scopes';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('call scopes', () => {
  afterEach(() => resetRootScope());

  it('carry the workflow across awaits and into callees, and end with their function', async () => {
    expect(currentScope().workflowId).toBeNull();
    const seen = await workflow('wf-a', async () => {
      await tick();
      const inner = await workflow('wf-b', async () => {
        await tick();
        return currentScope().workflowId;
      });
      return [currentScope().workflowId, inner];
    });
    expect(seen).toEqual(['wf-a', 'wf-b']);
    expect(currentScope().workflowId).toBeNull();
  });

  it('keep concurrent scopes apart', async () => {
    const run = (id: string) =>
      workflow(id, async () => {
        await tick();
        setCallContext({ model: `model-${id}` });
        await tick();
        return `${currentScope().workflowId}/${currentScope().model}`;
      });
    expect(await Promise.all([run('one'), run('two')])).toEqual(['one/model-one', 'two/model-two']);
  });

  it('let setCallContext reach the scope and its callees but not the caller', async () => {
    setCallContext({ model: 'root-model', tools: ['search'] });
    await agent('planner', async () => {
      setCallContext({ tools: ['send_email'] });
      expect(currentScope()).toMatchObject({ model: 'root-model', tools: ['send_email'], agent: 'planner' });
      await span('step', async () => expect(currentScope().tools).toEqual(['send_email']));
    });
    expect(currentScope()).toMatchObject({ model: 'root-model', tools: ['search'], agent: null });
    setCallContext({ model: null });
    expect(currentScope().model).toBeNull();
    expect(() => setCallContext({ tools: 'send_email' as never })).toThrow(TypeError);
    expect(() => setCallContext({ model: 7 as never })).toThrow(TypeError);
  });

  it('give every scope a trace and nest spans under their parent', () => {
    span('outer', () => {
      const outer = currentScope();
      expect(outer.traceId).toEqual(expect.any(String));
      expect(outer.spanId).toMatch(/^[0-9a-f]{16}$/);
      span('inner', () => {
        expect(currentScope().traceId).toBe(outer.traceId);
        expect(currentScope().spanId).not.toBe(outer.spanId);
      });
    });
  });

  it('return what their function returns, synchronously or not, and let errors through', async () => {
    expect(workflow('w', () => 7)).toBe(7);
    await expect(chain('c', async () => 'done')).resolves.toBe('done');
    expect(() => span('s', () => {
      throw new RangeError('inside');
    })).toThrow(RangeError);
    await expect(agent('a', async () => {
      throw new RangeError('inside');
    })).rejects.toThrow(RangeError);
  });

  it('open a chain with an id and an op', () => {
    chain('research', { op: 'start' }, () => expect(currentScope().chain).toEqual({ id: 'research', op: 'start' }));
    chain(undefined, () => expect(currentScope().chain).toMatchObject({ id: expect.any(String), op: 'auto' }));
    expect(() => chain('x', { op: 'sideways' as never }, () => undefined)).toThrow(TypeError);
  });

  it('hand out a signal that never aborts outside protected calls', () => {
    expect(currentSignal().aborted).toBe(false);
  });
});
