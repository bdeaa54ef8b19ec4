import 'server-only';
export * from './repository';
export { regionsSeed } from './seed';
