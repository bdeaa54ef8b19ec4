import 'server-only';
export * from './repository';
export { faqSeed } from './seed';
