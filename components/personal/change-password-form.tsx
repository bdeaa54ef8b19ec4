'use client';

import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiClientError, apiFetch } from '@/lib/client/api';
import { usePasswordEncryptor } from '@/lib/client/hooks/use-password-encryptor';
import { isStrongPassword } from '@/lib/shared/auth/password-rule';
import { changePasswordContract } from '@/lib/shared/contracts/users';

type Fields = { oldPassword: string; newPassword: string; confirm: string };
const EMPTY: Fields = { oldPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordForm() {
  const t = useTranslations('PersonalInfo');
  const encrypt = usePasswordEncryptor();
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof Fields) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Partial<Record<keyof Fields, string>> = {};
    if (!form.oldPassword) next.oldPassword = t('required');
    if (!form.newPassword) next.newPassword = t('required');
    else if (!isStrongPassword(form.newPassword)) next.newPassword = t('weak');
    if (form.confirm !== form.newPassword) next.confirm = t('mismatch');
    setErrors(next);
    setResult(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const [oldPassword, newPassword] = await Promise.all([encrypt(form.oldPassword), encrypt(form.newPassword)]);
      await apiFetch(changePasswordContract, { body: { oldPassword, newPassword } });
      setForm(EMPTY);
      setResult({ ok: true, message: t('saved') });
    } catch (error) {
      if (error instanceof ApiClientError && error.silent) return;
      setResult({ ok: false, message: error instanceof Error && error.message ? error.message : t('loadFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="password-title">
      <Title id="password-title" order={2} size="h4" mb="sm">
        {t('changePassword')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} data-testid="password-result">
              {result.message}
            </Alert>
          )}
          <PasswordInput
            label={t('oldPassword')}
            autoComplete="current-password"
            value={form.oldPassword}
            onChange={(e) => set('oldPassword')(e.currentTarget.value)}
            error={errors.oldPassword}
          />
          <PasswordInput
            label={t('newPassword')}
            description={t('passwordRule')}
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(e) => set('newPassword')(e.currentTarget.value)}
            error={errors.newPassword}
          />
          <PasswordInput
            label={t('confirmPassword')}
            autoComplete="new-password"
            value={form.confirm}
            onChange={(e) => set('confirm')(e.currentTarget.value)}
            error={errors.confirm}
          />
          <Button type="submit" loading={busy} w="fit-content">
            {t('save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
