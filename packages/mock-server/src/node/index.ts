export { startServer, type RunningMock, type ServerOptions } from './server.js';
export * from '../index.js';
