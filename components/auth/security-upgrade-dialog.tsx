'use client';

import '@/components/providers/mantine-screen-styles';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { withMantine } from '@/components/providers/mantine-scope';

/** Spec §2: the account must change its password; Confirm goes to /resetPassword, close dismisses. */
function SecurityUpgradeDialogContent() {
  const t = useTranslations('UpgradeDialog');
  const router = useRouter();
  const opened = useSessionStore((s) => s.upgradeOpen);
  const close = useSessionStore((s) => s.closeUpgrade);
  return (
    <Modal opened={opened} onClose={close} title={t('title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <Text data-testid="upgrade-message">{t('body')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t('close')}
        </Button>
        <Button
          onClick={() => {
            close();
            router.push('/resetPassword');
          }}
        >
          {t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

export const SecurityUpgradeDialog = withMantine(SecurityUpgradeDialogContent);
