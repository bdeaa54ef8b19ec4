'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { scrollBehavior } from '@/lib/client/motion';
import { ArrowUpIcon } from '../icons';
import classes from './back-to-top.module.css';

/** Spec §2/§9: a "back to top" button from 300 px of scroll. */
export const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop() {
  const t = useTranslations('BackToTop');
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(window.scrollY >= BACK_TO_TOP_THRESHOLD);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <button
      type="button"
      className={classes.button}
      data-hidden={shown ? undefined : ''}
      aria-hidden={shown ? undefined : true}
      tabIndex={shown ? undefined : -1}
      // A reader who asked for less motion jumps to the top instead of gliding there.
      onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}
      data-testid="back-to-top"
    >
      <ArrowUpIcon size={16} className={classes.icon} />
      {t('label')}
    </button>
  );
}
