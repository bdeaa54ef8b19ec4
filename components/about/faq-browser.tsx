'use client';

import { useTranslations } from 'next-intl';
import { Fragment, useEffect, useMemo } from 'react';
import { LiveSearch, matchesAll, useLiveSearch } from '@/components/ui/live-search';
import { anchorMarkup, groupMarkup, stackMarkup, titleMarkup } from '@/components/ui/mantine-markup';
import type { FaqItem } from '@/lib/shared/contracts/faq';
import { faqAnchor, type FaqCategory } from '@/lib/shared/faq';
import plain from '@/components/ui/plain.module.css';
import classes from './faq.module.css';

export interface FaqGroup {
  category: FaqCategory;
  items: FaqItem[];
}

const categoryAnchor = (category: FaqCategory) => `faq-category-${category}`;

/** Paragraphs split on blank lines; a paragraph starting with "$ " is a command (shown as code). */
function Answer({ text }: { text: string }) {
  return text.split(/\n\s*\n/).map((paragraph, i) =>
    paragraph.startsWith('$ ') ? (
      <pre key={i} className={classes.command}>
        <code>{paragraph.slice(2)}</code>
      </pre>
    ) : (
      <p key={i}>
        {paragraph.split('\n').map((line, j) => (
          <Fragment key={j}>
            {j > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </p>
    ),
  );
}

/** Opens the question a `#faq-…` address points at (on load and on every hash change) and scrolls to it. */
function useOpenFromHash() {
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id.startsWith('faq-')) return;
      const target = document.getElementById(id);
      if (target instanceof HTMLDetailsElement) {
        target.open = true;
        target.scrollIntoView({ block: 'start' });
        target.querySelector('summary')?.focus({ preventScroll: true });
      }
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}

/**
 * The FAQ: every question as a <details> element grouped by category (complete and usable without
 * JavaScript), a search box that filters as you type and announces the count, and a link per question.
 */
export function FaqBrowser({ groups }: { groups: FaqGroup[] }) {
  const t = useTranslations('Faq');
  const { query, setQuery, needles, searched } = useLiveSearch();
  useOpenFromHash();

  const total = groups.reduce((n, g) => n + g.items.length, 0);
  const visible = useMemo(() => {
    const shown = new Set<string>();
    for (const group of groups) {
      const label = t(`categories.${group.category}`).toLowerCase();
      for (const item of group.items) {
        if (matchesAll(needles, `${item.question}\n${item.answer}\n${label}`)) shown.add(item.id);
      }
    }
    return shown;
  }, [groups, needles, t]);

  return (
    <div {...stackMarkup('lg')}>
      <LiveSearch
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        query={query}
        onQueryChange={setQuery}
        maxWidth={520}
        testId="faq-count"
        searched={searched}
        total={total}
        found={visible.size}
        statusText={(key, values) => t(key, values)}
      />

      <nav aria-label={t('categoriesNav')}>
        <ul {...groupMarkup('xs', classes.categoryNav)}>
          {groups.map((group) => (
            <li key={group.category} hidden={!group.items.some((i) => visible.has(i.id))}>
              <a href={`#${categoryAnchor(group.category)}`} {...anchorMarkup('sm')}>
                {t(`categories.${group.category}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {groups.map((group) => {
        const anyShown = group.items.some((i) => visible.has(i.id));
        return (
          <section key={group.category} aria-labelledby={categoryAnchor(group.category)} hidden={!anyShown}>
            <h2 id={categoryAnchor(group.category)} {...titleMarkup(2, 'h3', classes.categoryTitle)}>
              {t(`categories.${group.category}`)}
            </h2>
            <div className={classes.list}>
              {group.items.map((item) => (
                <details key={item.id} id={faqAnchor(item.slug)} className={classes.item} hidden={!visible.has(item.id)}>
                  <summary className={classes.question}>
                    <span>{item.question}</span>
                  </summary>
                  <div className={classes.answer}>
                    <Answer text={item.answer} />
                    <a href={`#${faqAnchor(item.slug)}`} className={classes.permalink}>
                      <span aria-hidden="true">#</span>
                      <span className={plain.visuallyHidden}>{t('permalink', { question: item.question })}</span>
                    </a>
                  </div>
                </details>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
