/** The news list's server-rendered markup for some items (English), as a page would send it. */
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { NewsList } from '../../components/news/news-list';
import { formats } from '../../i18n/formats';
import type { NewsSummary } from '../../lib/shared/contracts/news';
import { NEWS_KINDS } from '../../lib/shared/news/kinds';
import en from '../../messages/en.json';

/** Its links need Next's app router: a test file mocks `components/ui/anchor-link` and `components/ui/link-pagination`. */
export function newsListMarkup(items: NewsSummary[]): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC" formats={formats}>
      <NewsList kind={NEWS_KINDS.notic} items={items} page={1} pages={1} />
    </NextIntlClientProvider>,
  );
}
