import 'server-only';
/** The seed steps that give demo news a drawn cover (lib/server/share/cover-art.ts), and every cover its smaller copies. */
import { COVER_VARIANT_WIDTHS } from '../../shared/contracts/news';
import type { SeedStep } from '../db/seed';
import { ensureFile, findFile } from '../files/repository';
import { getFileStore } from '../files/store';
import { addMissingVariants } from '../files/variants';
import { messagesFor } from '../i18n';
import { COVER_HEIGHT, COVER_WIDTH, drawCover } from './cover-art';

/** Covers resized at once: the resize pool's threads (lib/server/files/variants.ts). */
const PARALLEL = 2;

/** Demo news get a drawn illustration once (never again after an editor removed or replaced it). */
export const newsCoversSeed: SeedStep = {
  name: 'news covers (demo illustrations)',
  async run(db, progress) {
    const rows = await db.query<{ id: string; slug: string; type: number }>(
      'SELECT id::text AS id, slug, type FROM news WHERE demo AND cover_file_id IS NULL AND cover_alt_zh IS NULL ORDER BY id',
    );
    if (rows.length === 0) return;
    const store = getFileStore();
    const zh = messagesFor('zh').Share.cover.demoAlt;
    const en = messagesFor('en').Share.cover.demoAlt;
    const caption = `${messagesFor('zh').Software.illustration} · ${messagesFor('en').Software.illustration}`;
    for (const row of rows) {
      const data = drawCover(row.slug, row.type, caption);
      const file = await ensureFile(db, store, {
        data,
        name: `${row.slug}-cover.webp`,
        mime: 'image/webp',
        width: COVER_WIDTH,
        height: COVER_HEIGHT,
      });
      await db.query('UPDATE news SET cover_file_id = $2, cover_alt_zh = $3, cover_alt_en = $4 WHERE id = $1 AND cover_file_id IS NULL', [
        row.id,
        file.id,
        zh,
        en,
      ]);
    }
    progress(`news covers: ${rows.length} demo illustrations drawn`);
  },
};

/**
 * Every cover without its smaller copies gets them (issue 32.5): the demo covers just drawn, and covers stored
 * before copies were made (an editor's upload makes its own). A first start resizes 66 covers — about 2 s of two
 * threads on an idle 2-core machine, 6.5 s on a busy one — so the step runs after the portal answers (`later` in
 * lib/server/composition/seeds.ts); a list rendered meanwhile shows the originals, as it did before copies existed,
 * until it is rendered again (at most 5 minutes).
 */
export const newsCoverCopiesSeed: SeedStep = {
  // A background step: named in DEMO_SETS (lib/shared/contracts/figures.ts), what the demo-status API reports.
  name: 'news-cover-copies',
  async run(db, progress) {
    const lacking = await db.query<{ id: string }>(
      `SELECT DISTINCT f.id::text AS id FROM news n JOIN files f ON f.id = n.cover_file_id
       WHERE f.width > $1 AND NOT EXISTS (SELECT 1 FROM files v WHERE v.variant_of = f.id) ORDER BY 1`,
      [Math.min(...COVER_VARIANT_WIDTHS)],
    );
    if (lacking.length === 0) return;
    const store = getFileStore();
    let added = 0;
    for (let i = 0; i < lacking.length; i += PARALLEL) {
      const counts = await Promise.all(
        lacking.slice(i, i + PARALLEL).map(async ({ id }) => {
          const file = await findFile(db, id);
          return file ? addMissingVariants(db, store, file, COVER_VARIANT_WIDTHS) : 0;
        }),
      );
      added += counts.reduce((a, b) => a + b, 0);
    }
    progress(`news covers: ${added} smaller copies made (covers: ${lacking.length})`);
  },
};
