'use client';

import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { selectLoginOpen } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';

/**
 * Where the login dialog opens: from the header button, from a protected link (remembering the
 * target), and from `?login=/path` after the proxy turned a visitor away from a protected page.
 * The accounts issue puts the login form here; until accounts exist it says so.
 */
export function LoginDialogSlot() {
  const t = useTranslations('LoginDialog');
  const opened = useSessionStore(selectLoginOpen);
  const closeLogin = useSessionStore((s) => s.closeLogin);
  const openLogin = useSessionStore((s) => s.openLogin);
  const searchParams = useSearchParams();
  const target = searchParams.get('login');

  useEffect(() => {
    if (target && target.startsWith('/') && !target.startsWith('//')) openLogin({ target });
  }, [target, openLogin]);

  return (
    <Modal opened={opened} onClose={closeLogin} title={t('title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Text>{t('unavailable')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={closeLogin}>
          {t('close')}
        </Button>
      </Group>
    </Modal>
  );
}
