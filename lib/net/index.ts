export { listen, closeServer } from './listen';
export { onShutdown } from './shutdown';
export { clientAddressOf } from './client-address';
export { runProcess } from './run-process';
