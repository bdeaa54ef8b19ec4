import 'server-only';
import type { Migration } from './migration';

export const migration: Migration = {
  id: '0013_news_one_language',
  sql: `
      -- A news item may be written in one language only (a Chinese-only notice is normal for a Chinese portal):
      -- either title may be empty, not both (lib/shared/contracts/news.ts missingNewsFields says the rest).
      ALTER TABLE news DROP CONSTRAINT news_title_zh_check, DROP CONSTRAINT news_title_en_check;
      ALTER TABLE news ADD CONSTRAINT news_titles_check
        CHECK (length(title_zh) <= 200 AND length(title_en) <= 300 AND (title_zh <> '' OR title_en <> ''));
    `,
};
