import 'server-only';
/** The seed step that gives demo news a drawn cover (lib/server/share/cover-art.ts). */
import type { SeedStep } from '../db/seed';
import { ensureFile } from '../files/repository';
import { getFileStore } from '../files/store';
import { messagesFor } from '../i18n';
import { COVER_HEIGHT, COVER_WIDTH, drawCover } from './cover-art';

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
