// jest's globalSetup and globalTeardown load modules with Node's own require, without moduleNameMapper,
// so `import 'server-only'` in lib/server would throw there (it is empty only under React's
// "react-server" condition). Pre-fill the module cache with the empty module, as scripts/outside-next.mjs
// does for scripts run by tsx. Import this first.
const id = require.resolve('server-only');
require.cache[id] = { id, filename: id, loaded: true, exports: {}, children: [], paths: [] };
