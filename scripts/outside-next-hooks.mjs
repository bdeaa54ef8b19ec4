// Module resolution hook registered by scripts/outside-next.mjs: `server-only` becomes an empty module.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };
  return nextResolve(specifier, context);
}
