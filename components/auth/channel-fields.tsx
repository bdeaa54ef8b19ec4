'use client';

import { SegmentedControl, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { Channel } from '@/lib/client/queries/accounts';

/** E-mail or mobile phone: which address a code goes to. */
export function ChannelSwitch({
  value,
  onChange,
  labelledBy,
}: {
  value: Channel;
  onChange: (channel: Channel) => void;
  labelledBy?: string;
}) {
  const t = useTranslations('Register');
  return (
    <SegmentedControl
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': t('verifyBy') })}
      value={value}
      onChange={(v) => onChange(v === 'telephone' ? 'telephone' : 'email')}
      data={[
        { value: 'email', label: t('byEmail') },
        { value: 'telephone', label: t('byTelephone') },
      ]}
    />
  );
}

/** The six-digit verification code; keeps digits only. */
export function CodeInput({
  value,
  onChange,
  error,
  required,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  required?: boolean;
}) {
  const t = useTranslations('Register');
  return (
    <TextInput
      label={t('code')}
      placeholder={t('codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required={required}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
    />
  );
}
