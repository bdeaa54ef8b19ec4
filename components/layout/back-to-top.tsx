'use client';

import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { ArrowUpIcon } from '../icons';

/** Spec §2/§9: a "back to top" button from 300 px of scroll. */
export const BACK_TO_TOP_THRESHOLD = 300;

export function BackToTop() {
  const t = useTranslations('BackToTop');
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y >= BACK_TO_TOP_THRESHOLD}>
        {(styles) => (
          <Button style={styles} leftSection={<ArrowUpIcon size={16} />} onClick={() => scrollTo({ y: 0 })} data-testid="back-to-top">
            {t('label')}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
