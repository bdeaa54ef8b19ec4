// Which end-to-end tests a CI run leaves to the other database's run (scripts/e2e.mjs, E2E_TWIN_LANGUAGE).

/** The title of `title`'s twin in language `to`, if `title` is written in `from` ("zh: …" / "… (zh)"). */
export const twinOf = (title, from, to) =>
  title.replace(new RegExp(`^${from}: `), `${to}: `).replace(new RegExp(`\\(${from}\\)$`), `(${to})`);

export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The files whose tests written once run on `keep`'s side: files in name order, each to the side with fewer such
 * tests so far, so both sides get about half and the same listing always splits the same way.
 */
export function shareFiles(singles, keep) {
  const counts = new Map();
  for (const t of singles) counts.set(t.file, (counts.get(t.file) ?? 0) + 1);
  const side = { zh: 0, en: 0 };
  const mine = new Set();
  for (const file of [...counts.keys()].sort()) {
    const to = side.zh <= side.en ? 'zh' : 'en';
    side[to] += counts.get(file);
    if (to === keep) mine.add(file);
  }
  return mine;
}

/**
 * The tests ({file, title}) a run keeping language `keep` leaves out: the twins written in the other language
 * and, with `share`, the tests written once that shareFiles gives to the other side.
 */
export function testsToDrop(titles, keep, share) {
  const other = keep === 'zh' ? 'en' : 'zh';
  const known = new Set(titles.map((t) => `${t.file}|${t.title}`));
  const hasTwin = (t, from, to) => {
    const twin = twinOf(t.title, from, to);
    return twin !== t.title && known.has(`${t.file}|${twin}`);
  };
  const otherTwins = titles.filter((t) => hasTwin(t, other, keep));
  if (!share) return otherTwins;
  const singles = titles.filter((t) => !hasTwin(t, 'zh', 'en') && !hasTwin(t, 'en', 'zh'));
  const mine = shareFiles(singles, keep);
  return [...otherTwins, ...singles.filter((t) => !mine.has(t.file))];
}
