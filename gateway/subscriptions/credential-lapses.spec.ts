import { CredentialLapses } from './credential-lapses';

describe('CredentialLapses', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  const inSeconds = (seconds: number) => Date.now() + seconds * 1000;

  it('calls each lapse at its second, the earliest first, with one timer for all of them', () => {
    const lapses = new CredentialLapses();
    const called: string[] = [];
    lapses.watch(inSeconds(30), () => called.push('b'));
    lapses.watch(inSeconds(10), () => called.push('a'));
    lapses.watch(inSeconds(30), () => called.push('c'));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(9_999);
    expect(called).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(called).toEqual(['a']);
    jest.advanceTimersByTime(20_000);
    expect(called).toEqual(['a', 'b', 'c']);
    expect(lapses.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('forgets a lapse whose watch was stopped, and stops its timer when nothing is left', () => {
    const lapses = new CredentialLapses();
    const lapse = jest.fn();
    const stop = lapses.watch(inSeconds(5), lapse);
    const other = jest.fn();
    const stopOther = lapses.watch(inSeconds(5), other);
    stop();
    jest.advanceTimersByTime(5_000);
    expect(lapse).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    stopOther();
    const late = lapses.watch(inSeconds(60), lapse);
    late();
    expect(lapses.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('watches a lapse earlier than the one its timer waits for', () => {
    const lapses = new CredentialLapses();
    const called: number[] = [];
    lapses.watch(inSeconds(3_600), () => called.push(3_600));
    lapses.watch(inSeconds(2), () => called.push(2));
    jest.advanceTimersByTime(2_000);
    expect(called).toEqual([2]);
    jest.advanceTimersByTime(3_598_000);
    expect(called).toEqual([2, 3_600]);
  });

  it('does not watch a time already past, nor one further off than a timer can wait', () => {
    const lapses = new CredentialLapses();
    const lapse = jest.fn();
    lapses.watch(Date.now() - 1, lapse);
    lapses.watch(Date.now(), lapse);
    lapses.watch(inSeconds(60 * 60 * 24 * 30), lapse);
    expect(lapses.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
