'use client';

import { Group, Image, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { captchaImageUrl } from '@/lib/client/queries/users';
import classes from './login-dialog.module.css';

/** An image captcha: the input and the clickable image that draws a new one. */
export function CaptchaField(props: {
  id: string;
  token: string;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  error?: string;
  label?: string;
}) {
  const t = useTranslations('CaptchaField');
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        id={props.id}
        label={props.label ?? t('label')}
        placeholder={t('placeholder')}
        autoComplete="off"
        maxLength={8}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        error={props.error}
        style={{ flex: 1 }}
      />
      <UnstyledButton
        type="button"
        onClick={props.onRefresh}
        className={classes.captchaButton}
        aria-label={t('refresh')}
        title={t('refresh')}
        data-testid="captcha-image"
      >
        <Image src={captchaImageUrl(props.token)} alt={t('image')} w={120} h={40} />
      </UnstyledButton>
    </Group>
  );
}
