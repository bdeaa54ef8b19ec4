import 'server-only';
export * from './repository';
export * from './service';
export { shareSeed } from './seed';
