export * from './gateway-client';
export * from './operations';
