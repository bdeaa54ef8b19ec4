import 'server-only';
export * from './repository';
export { htmlToText, sanitizeNewsHtml } from './sanitize';
export { newsSeed } from './seed';
export * from './editor';
