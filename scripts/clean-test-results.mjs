// `npm test` starts from an empty test-results/: the closing summary (scripts/test-summary.mjs) adds up
// every result file there, so a file left by an earlier partial run must not count in this one.
import { rmSync } from 'node:fs';

rmSync('test-results', { recursive: true, force: true });
