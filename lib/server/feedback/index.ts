import 'server-only';
export * from './repository';
export * from './manage';
export { feedbackSeed } from './seed';
