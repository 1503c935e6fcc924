export { flushTraces } from './trace-flush';
