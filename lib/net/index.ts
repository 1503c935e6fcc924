export { listen, closeServer } from './listen';
export { onShutdown } from './shutdown';
export { clientAddressOf, vouchedHeader } from './client-address';
export { runProcess } from './run-process';
