'use client';

/**
 * "Add to cart" on the image query (issue 19; MOD_061, checked again by the server): the checked
 * results, the page, or every result of the search — that one asks the server first how many would be
 * added (at most ORDER_LIMITS.maxAddAll, newest first) and adds only once the user confirms.
 * The outcome is announced in a live region; the header badge refreshes through the cart's query keys.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { useAddToCart } from '@/lib/client/queries/orders';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { useSessionStore } from '@/lib/client/stores/session-store';
import type { CartChange } from '@/lib/shared/contracts/orders';
import { PERMISSIONS } from '@/lib/shared/permissions';

export function useCanOrder(): boolean {
  return useSessionStore((s) => selectUser(s)?.permissions.includes(PERMISSIONS.CART) ?? false);
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiClientError && error.message ? error.message : fallback);

function Outcome({ change, error }: { change: CartChange | null; error: string | null }) {
  const t = useTranslations('Orders.add');
  return (
    <Text size="xs" role={error ? 'alert' : 'status'} aria-live="polite" c={error ? 'red' : undefined} data-testid="cart-outcome">
      {error ?? (change ? t('added', { added: change.added, already: change.alreadyInCart, count: change.count }) : '')}
    </Text>
  );
}

/** The results list's cart buttons. */
export function ResultsCartActions({ pageIds }: { pageIds: readonly string[] }) {
  const t = useTranslations('Orders.add');
  const canOrder = useCanOrder();
  const checked = useSelectionStore((s) => s.resultIds);
  const submitted = useSelectionStore((s) => s.submitted);
  const add = useAddToCart();
  const [change, setChange] = useState<CartChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CartChange | null>(null);
  if (!canOrder) return null;

  const run = async (body: Parameters<typeof add.mutateAsync>[0]) => {
    setError(null);
    try {
      const result = await add.mutateAsync(body);
      if (body.preview) setPreview(result);
      else setChange(result);
    } catch (e) {
      setError(errorText(e, t('failed')));
    }
  };
  const filter = submitted ? submittedFilter(submitted) : null;

  return (
    <Stack gap={4} data-testid="cart-actions">
      <Group gap="xs" wrap="wrap">
        <Button
          size="compact-xs"
          onClick={() => void run({ ids: checked })}
          disabled={checked.length === 0}
          loading={add.isPending}
          data-testid="add-checked"
        >
          {t('checked', { count: checked.length })}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => void run({ ids: [...pageIds] })}
          disabled={pageIds.length === 0}
          data-testid="add-page"
        >
          {t('page')}
        </Button>
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => filter && void run({ filter, preview: true })}
          disabled={!filter}
          data-testid="add-all"
        >
          {t('all')}
        </Button>
      </Group>
      <Outcome change={change} error={error} />
      {/* Above the phone layout's results sheet (z-index 1100, over the map). */}
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={t('confirmTitle')} centered zIndex={1200}>
        {preview ? (
          <Stack gap="sm" data-testid="add-all-confirm">
            <Text size="sm">{t('confirmMatched', { matched: preview.matched })}</Text>
            {preview.capped ? <Text size="sm">{t('confirmCapped', { cap: preview.cap })}</Text> : null}
            <Text size="sm" fw={600}>
              {t('confirmAdd', { added: preview.added, already: preview.alreadyInCart })}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('cancel')}
              </Button>
              <Button
                disabled={preview.added === 0 || !filter}
                loading={add.isPending}
                onClick={() => {
                  setPreview(null);
                  if (filter) void run({ filter });
                }}
                data-testid="add-all-ok"
              >
                {t('confirmOk', { added: preview.added })}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

/** One scene's "add to cart" (the scene detail). */
export function SceneCartButton({ sceneId }: { sceneId: string }) {
  const t = useTranslations('Orders.add');
  const canOrder = useCanOrder();
  const add = useAddToCart();
  const [change, setChange] = useState<CartChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!canOrder) return null;
  return (
    <Stack gap={4}>
      <Button
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        loading={add.isPending}
        onClick={() => {
          setError(null);
          add.mutateAsync({ ids: [sceneId] }).then(setChange, (e: unknown) => setError(errorText(e, t('failed'))));
        }}
        data-testid="add-scene"
      >
        {t('one')}
      </Button>
      <Outcome change={change} error={error} />
    </Stack>
  );
}
