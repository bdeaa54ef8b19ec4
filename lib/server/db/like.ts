import 'server-only';
/** Kept here for the repositories; the pattern is shared with the map filters (lib/shared/like.ts). */
export { containsPattern } from '../../shared/like';
