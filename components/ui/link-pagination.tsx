import { Group, Text } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import { AnchorLink } from './anchor-link';

/** Page numbers as written in links: 2, 3, … (page 1 is the list's own address). */
export function pageNumber(n: string): number | null {
  return /^[1-9]\d{0,4}$/.test(n) ? Number(n) : null;
}

/** The page numbers shown: the first, the last and two either side of the current one. */
export function visiblePages(page: number, pages: number): number[] {
  return Array.from({ length: pages }, (_, i) => i + 1).filter((n) => n === 1 || n === pages || Math.abs(n - page) <= 2);
}

interface Props {
  page: number;
  pages: number;
  /** The address of page n of this list. */
  hrefFor: (n: number) => string;
}

/**
 * Pagination of a server-rendered list as real links (works without JavaScript, crawlable): previous/next with
 * rel, the current page marked aria-current, gaps shown as an ellipsis. Nothing when there is one page.
 */
export function LinkPagination({ page, pages, hrefFor }: Props) {
  const t = useTranslations('Pagination');
  if (pages <= 1) return null;
  const numbers = visiblePages(page, pages);
  return (
    <nav aria-label={t('label')}>
      <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} justify="center">
        {page > 1 && (
          <li>
            <AnchorLink href={hrefFor(page - 1)} rel="prev">
              {t('previous')}
            </AnchorLink>
          </li>
        )}
        {numbers.map((n, i) => (
          <li key={n}>
            {i > 0 && numbers[i - 1]! < n - 1 && <span aria-hidden="true">… </span>}
            {n === page ? (
              <Text component="span" fw={700} aria-current="page">
                {n}
              </Text>
            ) : (
              <AnchorLink href={hrefFor(n)} aria-label={t('pageN', { n })}>
                {n}
              </AnchorLink>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <AnchorLink href={hrefFor(page + 1)} rel="next">
              {t('next')}
            </AnchorLink>
          </li>
        )}
      </Group>
    </nav>
  );
}
