export { flushTraces } from './trace-flush';
export { markRoute } from './route-marker';
