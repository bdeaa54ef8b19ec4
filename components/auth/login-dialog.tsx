'use client';

import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiClientError, apiFetch } from '@/lib/client/api';
import { usePasswordEncryptor } from '@/lib/client/hooks/use-password-encryptor';
import { fetchUserDetail, toSessionUser } from '@/lib/client/queries/users';
import { rememberUser } from '@/lib/client/session-hint';
import { selectLoginOpen } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { randomCaptchaToken, validateLoginForm } from '@/lib/shared/auth/login-form';
import { incrVisitContract } from '@/lib/shared/contracts/visits';
import { LOGIN_CODES, loginContract } from '@/lib/shared/contracts/users';
import { CaptchaField } from './captcha-field';
import classes from './login-dialog.module.css';
import { withQueries } from '@/components/providers/query-boundary';
import { withMantine } from '@/components/providers/mantine-scope';

type Field = 'username' | 'password' | 'captcha';
const EMPTY = { username: '', password: '', captcha: '' };

/** Spec §2 login dialog: username/phone/email, password with show/hide, clickable captcha, Enter submits. */
function LoginDialogContent() {
  const t = useTranslations('LoginDialog');
  const opened = useSessionStore(selectLoginOpen);
  const closeLogin = useSessionStore((s) => s.closeLogin);
  // The form mounts with the dialog, so every opening starts empty with a fresh captcha.
  return (
    <Modal
      opened={opened}
      onClose={closeLogin}
      title={t('title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('close') }}
      classNames={{ title: classes.title }}
    >
      <LoginForm onLeave={closeLogin} />
    </Modal>
  );
}

function LoginForm({ onLeave }: { onLeave: () => void }) {
  const t = useTranslations('LoginDialog');
  const router = useRouter();
  const encrypt = usePasswordEncryptor();
  const [form, setForm] = useState(EMPTY);
  const [token, setToken] = useState<string>(randomCaptchaToken);
  const [fieldError, setFieldError] = useState<{
    field: Field;
    message: string;
  } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = useCallback(() => {
    setToken(randomCaptchaToken());
    setForm((f) => ({ ...f, captcha: '' }));
  }, []);

  const update = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (fieldError?.field === field) setFieldError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing = validateLoginForm(form);
    if (missing) {
      const field: Field = missing === 'enterUsername' ? 'username' : missing === 'enterPassword' ? 'password' : 'captcha';
      setFieldError({ field, message: t(missing) });
      document.getElementById(`login-${field}`)?.focus();
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const password = await encrypt(form.password);
      await apiFetch(loginContract, {
        body: {
          username: form.username.trim(),
          password,
          captcha: form.captcha.trim(),
          token,
        },
      });
      const user = toSessionUser(await fetchUserDetail());
      if (!user) throw new Error('incomplete user info');
      const store = useSessionStore.getState();
      store.setUser(user);
      rememberUser(user);
      apiFetch(incrVisitContract, { body: { name: 'Login', label: user.username } }).catch(() => {});
      const target = store.completeLogin();
      if (target) router.push(target);
    } catch (error) {
      if (error instanceof ApiClientError && error.code === LOGIN_CODES.MUST_CHANGE_PASSWORD) {
        useSessionStore.getState().openUpgrade();
        return;
      }
      // The captcha was consumed by the attempt: show a new one.
      refreshCaptcha();
      setFormError(error instanceof ApiClientError && error.kind === 'code' && error.message ? error.message : t('unknownError'));
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: Field) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert" data-testid="login-error">
            {formError}
          </Alert>
        )}
        <TextInput
          id="login-username"
          label={t('username')}
          placeholder={t('usernamePlaceholder')}
          autoComplete="username"
          value={form.username}
          onChange={(e) => update('username')(e.currentTarget.value)}
          error={errorOf('username')}
          data-autofocus
        />
        <PasswordInput
          id="login-password"
          label={t('password')}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => update('password')(e.currentTarget.value)}
          error={errorOf('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
        />
        <CaptchaField
          id="login-captcha"
          label={t('captcha')}
          token={token}
          value={form.captcha}
          onChange={update('captcha')}
          onRefresh={refreshCaptcha}
          error={errorOf('captcha')}
        />
        <Button type="submit" loading={busy} fullWidth mt="xs" size="md">
          {t('submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} href="/resetPassword" size="sm" onClick={onLeave}>
            {t('forgotPassword')}
          </Anchor>
          <Anchor component={Link} href="/register" size="sm" onClick={onLeave}>
            {t('registerNow')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const LoginDialog = withMantine(withQueries(LoginDialogContent));
