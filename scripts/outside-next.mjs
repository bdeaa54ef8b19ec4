// Lets a script run lib/server code outside Next.js: `tsx --import ./scripts/outside-next.mjs script.ts`.
// Every lib/server module starts with `import 'server-only'`, which throws unless the module is resolved
// under React's "react-server" condition (as Next.js does for server code). Running a whole script
// under that condition would also swap React and next-intl for their server builds, which the seed's
// imports do not expect, so only `server-only` is resolved to an empty module here (docs/adr/0007).
import { register } from 'node:module';

register('./outside-next-hooks.mjs', import.meta.url);
