import { socketUrl, subscriptionErrors } from './graphql-ws-client';

describe('graphql-ws client helpers', () => {
  it('turns an http(s) endpoint into its ws(s) twin', () => {
    expect(socketUrl('http://127.0.0.1:4000/graphql')).toBe('ws://127.0.0.1:4000/graphql');
    expect(socketUrl('https://api.example.test/graphql')).toBe('wss://api.example.test/graphql');
  });

  it('keeps the server error list, and makes a close event or an Error the fallback with its reason', () => {
    const fallback = { message: 'closed', extensions: { code: 'SERVICE_UNAVAILABLE' } };
    const listed = [{ message: 'denied', extensions: { code: 'FORBIDDEN' } }];
    expect(subscriptionErrors(listed, fallback)).toBe(listed);
    expect(subscriptionErrors({ code: 1011, reason: 'went away' }, fallback)).toEqual([{ message: 'went away', extensions: { code: 'SERVICE_UNAVAILABLE' } }]);
    expect(subscriptionErrors(new Error('socket hang up'), fallback)).toEqual([{ message: 'socket hang up', extensions: { code: 'SERVICE_UNAVAILABLE' } }]);
    expect(subscriptionErrors({ code: 1000, reason: '' }, fallback)).toEqual([fallback]);
    expect(subscriptionErrors([], fallback)).toEqual([fallback]);
  });
});
