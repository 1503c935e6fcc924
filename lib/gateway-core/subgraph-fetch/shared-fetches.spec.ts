import { SharedFetches } from './shared-fetches';

describe('SharedFetches', () => {
  it('gives callers asking while a fetch is in flight that fetch’s answer', async () => {
    const shared = new SharedFetches<string>();
    let calls = 0;
    let answer!: (value: string) => void;
    const fetch = () => {
      calls++;
      return new Promise<string>((resolve) => (answer = resolve));
    };
    const first = shared.share('k', fetch);
    const second = shared.share('k', fetch);
    answer('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('keeps nothing once a fetch settles, answer or failure', async () => {
    const shared = new SharedFetches<string>();
    await expect(shared.share('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(shared.size).toBe(0);
    expect(await shared.share('k', async () => 'fresh')).toBe('fresh');
    expect(shared.size).toBe(0);
  });

  it('never shares between different keys', async () => {
    const shared = new SharedFetches<string>();
    expect(await Promise.all([shared.share('a', async () => 'A'), shared.share('b', async () => 'B')])).toEqual(['A', 'B']);
  });
});
