export { freePort } from '../../lib/net';
