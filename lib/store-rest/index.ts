export * from './rest-view';
