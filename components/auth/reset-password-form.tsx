'use client';

import { Alert, Button, Group, PasswordInput, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { usePasswordEncryptor } from '@/lib/client/hooks/use-password-encryptor';
import { checkCode, resetForgottenPassword, type Channel } from '@/lib/client/queries/accounts';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { isStrongPassword } from '@/lib/shared/auth/password-rule';
import { ChannelSwitch, CodeInput } from './channel-fields';
import { SendCode } from './send-code';

/** Forgotten password: address + code → new password → done (every session ends). */
export function ResetPasswordForm({ mailConfigured }: { mailConfigured: boolean }) {
  const t = useTranslations('ResetPassword');
  const tr = useTranslations('Register');
  const tp = useTranslations('PersonalInfo');
  const encrypt = usePasswordEncryptor();
  const openLogin = useSessionStore((s) => s.openLogin);
  const [step, setStep] = useState(0);
  const [channel, setChannel] = useState<Channel>('email');
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Step 1 → 2 only with a code the server accepts (issue 32.7: any six digits used to pass until the end). */
  async function toPassword(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!target.trim()) found.target = tr('required');
    if (!/^[0-9]{6}$/.test(code)) found.code = tr('codePlaceholder');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await checkCode({ channel, target: target.trim(), purpose: 'reset', code });
      setStep(1);
    } catch (error) {
      if (!(error instanceof ApiClientError && error.silent)) setErrors({ code: error instanceof Error ? error.message : tr('format') });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!isStrongPassword(password)) found.password = tp('weak');
    if (!confirm) found.confirm = tr('required');
    else if (confirm !== password) found.confirm = tp('mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await resetForgottenPassword({ channel, target: target.trim(), code, password: await encrypt(password) });
      setStep(2);
    } catch (error) {
      if (!(error instanceof ApiClientError && error.silent)) setFailure(error instanceof Error ? error.message : tr('format'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stepper active={step} allowNextStepsSelect={false} onStepClick={(s) => s < step && step < 2 && setStep(s)}>
      <Stepper.Step label={t('stepIdentify')}>
        <form onSubmit={toPassword} noValidate>
          <Stack gap="sm" maw={480} mt="md">
            <ChannelSwitch value={channel} onChange={setChannel} />
            <TextInput
              label={channel === 'email' ? tr('email') : tr('telephone')}
              type={channel === 'email' ? 'email' : 'tel'}
              required
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
              error={errors.target}
            />
            {target.trim() && <SendCode channel={channel} target={target.trim()} purpose="reset" />}
            {(channel === 'telephone' || !mailConfigured) && (
              <Text size="xs" c="dimmed">
                {tr('outboxHint', { channel })}
              </Text>
            )}
            {/* The code field appears with the way to get a code. */}
            {target.trim() && <CodeInput required value={code} onChange={setCode} error={errors.code} />}
            <Button type="submit" w="fit-content" loading={busy}>
              {tr('next')}
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={t('stepPassword')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm" maw={480} mt="md">
            {failure && (
              <Alert color="red" role="alert" data-testid="reset-error">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label={t('newPassword')}
              description={tp('passwordRule')}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <PasswordInput
              label={t('confirmPassword')}
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={errors.confirm}
            />
            <Group>
              <Button variant="default" onClick={() => setStep(0)}>
                {tr('back')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Completed>
        <Stack gap="md" maw={480} mt="md">
          <Alert color="green" role="status" data-testid="reset-done">
            {t('done')}
          </Alert>
          <Button onClick={() => openLogin()} w="fit-content">
            {tr('loginNow')}
          </Button>
        </Stack>
      </Stepper.Completed>
    </Stepper>
  );
}
