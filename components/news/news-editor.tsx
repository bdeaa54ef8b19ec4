'use client';

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { WarningIcon } from '@/components/icons';
import {
  MANAGED_NEWS_PAGE_SIZE,
  managedNewsQuery,
  useManagedNewsList,
  useSaveNews,
  useSetNewsStatus,
  type ManagedNewsStatus as Status,
} from '@/lib/client/queries/news';
import {
  missingNewsFields,
  newsFieldLanguage,
  type NewsInput,
  type NewsLanguage,
  type NewsRecord,
  type NewsRequiredField,
} from '@/lib/shared/contracts/news';
import { NewsBodyField } from './news-body-field';
import { NewsCoverEditor } from './news-cover-editor';

const EMPTY: NewsInput = {
  type: 0,
  titleZh: '',
  titleEn: '',
  summaryZh: '',
  summaryEn: '',
  bodyZh: '',
  bodyEn: '',
  sourceZh: null,
  sourceEn: null,
  tags: [],
  highlight: false,
};

/** Editors write news in both languages, save drafts, preview them in either language and publish. */
export function NewsEditor() {
  const t = useTranslations('NewsEditor');
  const types = useTranslations('NewsEditor.types');
  const cover = useTranslations('Share.cover');
  const format = useFormatter();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('all');
  const [editing, setEditing] = useState<{ id: string | null; draft: NewsInput } | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const pageLanguage: NewsLanguage = locale === 'en' ? 'en' : 'zh';
  const [tab, setTab] = useState<NewsLanguage>(pageLanguage);
  // Required fields found empty by the last Save; each clears as it is filled.
  const [missing, setMissing] = useState<NewsRequiredField[]>([]);
  const open = (next: { id: string | null; draft: NewsInput } | null) => {
    setEditing(next);
    setMissing([]);
    setTab(pageLanguage);
  };

  /** Saves when each begun language is complete; otherwise shows what is missing, on the tab that has it. */
  function submit(current: { id: string | null; draft: NewsInput }) {
    const found = missingNewsFields(current.draft, tab);
    setMissing(found);
    if (found.length === 0) return save.mutate(current);
    const lang = found.some((f) => newsFieldLanguage(f) === tab) ? tab : newsFieldLanguage(found[0]!);
    setTab(lang);
    setMessage({ kind: 'error', text: t('incomplete', { lang }) });
    // Once that tab shows, the cursor goes to its first missing field (which also scrolls it into view).
    const first = found.find((f) => newsFieldLanguage(f) === lang)!;
    requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // A new filter or search starts at its first page.
  const [pageOf, setPageOf] = useState({ status, q });
  if (pageOf.status !== status || pageOf.q !== q) {
    setPageOf({ status, q });
    setPage(1);
  }
  const list = useManagedNewsList(status, q, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / MANAGED_NEWS_PAGE_SIZE)) : 1;
  // Publishing and withdrawing change what every reader sees: asked once more, naming the item.
  const [confirming, setConfirming] = useState<{ id: string; title: string; to: 'draft' | 'published' } | null>(null);
  const fail = (error: Error) => setMessage({ kind: 'error', text: error.message });

  const save = useSaveNews({
    onSuccess: (record) => {
      setEditing({ id: record.id, draft: toInput(record) });
      setMissing([]);
      setMessage({ kind: 'ok', text: t('saved') });
    },
    onError: fail,
  });

  const publish = useSetNewsStatus({
    onSuccess: (record) => {
      setConfirming(null);
      setMessage({ kind: 'ok', text: record.status === 'published' ? t('publishedNow') : t('unpublishedNow') });
    },
    onError: (error) => {
      setConfirming(null);
      fail(error);
    },
  });

  async function edit(id: string) {
    setMessage(null);
    try {
      const record = await queryClient.fetchQuery(managedNewsQuery(id));
      open({ id, draft: toInput(record) });
    } catch (error) {
      fail(error as Error);
    }
  }

  const typeOptions = [0, 1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: types(String(n) as '0') }));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        <Button onClick={() => (setMessage(null), open({ id: null, draft: EMPTY }))}>{t('new')}</Button>
      </Group>
      {message && (
        <Alert
          color={message.kind === 'ok' ? 'teal' : 'red'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
          withCloseButton
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}

      {editing && (
        <Paper
          withBorder
          radius="md"
          p="lg"
          component="form"
          aria-label={t('form')}
          noValidate
          onSubmit={(e) => (e.preventDefault(), submit(editing))}
        >
          <Stack gap="md">
            <Title order={2} size="h4">
              {editing.id ? t('editing') : t('creating')}
            </Title>
            <Group grow>
              <Select
                label={t('type')}
                data={typeOptions}
                value={String(editing.draft.type)}
                onChange={(v) => v && setEditing({ ...editing, draft: { ...editing.draft, type: Number(v) } })}
                allowDeselect={false}
              />
              <TextInput
                label={t('tags')}
                description={t('tagsHint')}
                value={editing.draft.tags.join(', ')}
                onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, tags: splitTags(e.currentTarget.value) } })}
              />
            </Group>
            {editing.id ? (
              <NewsCoverEditor key={editing.id} newsId={editing.id} />
            ) : (
              <Text size="sm" c="dimmed">
                {cover('saveFirst')}
              </Text>
            )}
            <Switch
              label={t('highlight')}
              checked={editing.draft.highlight}
              onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, highlight: e.currentTarget.checked } })}
            />
            <Text size="sm" c="dimmed" id="news-language-rule">
              {t('languageRule')}
            </Text>
            <Tabs value={tab} onChange={(v) => v && setTab(v as NewsLanguage)} keepMounted>
              <Tabs.List aria-describedby="news-language-rule">
                {(['zh', 'en'] as const).map((lang) => {
                  const incomplete = missing.some((f) => newsFieldLanguage(f) === lang);
                  return (
                    <Tabs.Tab
                      key={lang}
                      value={lang}
                      color={incomplete ? 'red' : undefined}
                      leftSection={incomplete ? <WarningIcon size={16} color="var(--mantine-color-red-7)" /> : undefined}
                      data-incomplete={incomplete || undefined}
                    >
                      <span lang={lang === 'zh' ? 'zh-CN' : 'en'}>{lang === 'zh' ? '中文' : 'English'}</span>
                      {incomplete && <VisuallyHidden>{` (${t('tabIncomplete')})`}</VisuallyHidden>}
                    </Tabs.Tab>
                  );
                })}
              </Tabs.List>
              {(['zh', 'en'] as const).map((lang) => {
                const suffix = lang === 'zh' ? 'Zh' : 'En';
                const field = <K extends 'title' | 'summary' | 'body' | 'source'>(name: K) => `${name}${suffix}` as `${K}${typeof suffix}`;
                const set = (name: 'title' | 'summary' | 'body' | 'source', value: string) => {
                  setEditing({ ...editing, draft: { ...editing.draft, [field(name)]: name === 'source' ? value || null : value } });
                  if (value.trim()) setMissing((m) => m.filter((f) => f !== field(name as 'title' | 'body')));
                };
                const error = (name: 'title' | 'body') =>
                  missing.includes(field(name) as NewsRequiredField) ? t('fieldRequired', { lang }) : undefined;
                return (
                  <Tabs.Panel value={lang} key={lang} pt="md">
                    <Stack gap="sm">
                      <TextInput
                        id={fieldId(field('title'))}
                        label={t(`titleField.${lang}`)}
                        maxLength={lang === 'zh' ? 200 : 300}
                        error={error('title')}
                        value={editing.draft[field('title')]}
                        onChange={(e) => set('title', e.currentTarget.value)}
                      />
                      <Textarea
                        label={t(`summaryField.${lang}`)}
                        autosize
                        minRows={2}
                        maxLength={lang === 'zh' ? 500 : 1000}
                        value={editing.draft[field('summary')]}
                        onChange={(e) => set('summary', e.currentTarget.value)}
                      />
                      <TextInput
                        label={t(`sourceField.${lang}`)}
                        value={editing.draft[field('source')] ?? ''}
                        onChange={(e) => set('source', e.currentTarget.value)}
                      />
                      <NewsBodyField
                        id={fieldId(field('body'))}
                        lang={lang}
                        label={t(`bodyField.${lang}`)}
                        description={t('bodyHint')}
                        error={error('body')}
                        value={editing.draft[field('body')]}
                        onChange={(html) => set('body', html)}
                      />
                    </Stack>
                  </Tabs.Panel>
                );
              })}
            </Tabs>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('saveDraft')}
              </Button>
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('close')}
              </Button>
              {editing.id && (
                <>
                  <Anchor href={`/chinese/manage/news/preview/${editing.id}`} target="_blank">
                    {t('previewZh')}
                  </Anchor>
                  <Anchor href={`/english/manage/news/preview/${editing.id}`} target="_blank">
                    {t('previewEn')}
                  </Anchor>
                </>
              )}
            </Group>
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="news-manage-list">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4" id="news-manage-list">
            {t('listTitle')}
          </Title>
          <TextInput
            type="search"
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 260 }}
            data-testid="news-search"
          />
          <SegmentedControl
            aria-label={t('statusFilter')}
            value={status}
            onChange={(v) => setStatus(v as Status)}
            data={[
              { value: 'all', label: t('status.all') },
              { value: 'draft', label: t('status.draft') },
              { value: 'published', label: t('status.published') },
            ]}
          />
        </Group>
        {list.isPending ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        ) : list.data.list.length === 0 ? (
          <Text c="dimmed" data-testid="news-list-empty">
            {q ? t('emptySearch', { q }) : t('empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('titleColumn')}</Table.Th>
                  <Table.Th>{t('type')}</Table.Th>
                  <Table.Th>{t('statusColumn')}</Table.Th>
                  <Table.Th>{t('updated')}</Table.Th>
                  <Table.Th>{t('actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.list.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td lang={shownTitle(item, pageLanguage).lang === 'zh' ? 'zh-CN' : 'en'}>
                      {shownTitle(item, pageLanguage).text}
                    </Table.Td>
                    <Table.Td>{types(String(item.type) as '0')}</Table.Td>
                    <Table.Td>
                      <Badge
                        miw="max-content"
                        variant={item.status === 'published' ? 'filled' : 'outline'}
                        color={item.status === 'published' ? 'teal' : 'gray'}
                      >
                        {t(`status.${item.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{format.dateTime(new Date(item.updatedAt), 'moment')}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => void edit(item.id)}
                          aria-label={t('editItem', { title: shownTitle(item, pageLanguage).text })}
                        >
                          {t('edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant={item.status === 'published' ? 'default' : 'filled'}
                          loading={publish.isPending && publish.variables?.id === item.id}
                          onClick={() =>
                            setConfirming({
                              id: item.id,
                              title: shownTitle(item, pageLanguage).text,
                              to: item.status === 'published' ? 'draft' : 'published',
                            })
                          }
                        >
                          {item.status === 'published' ? t('unpublish') : t('publish')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.total > 0 ? (
          <Group justify="space-between" mt="md" gap="sm">
            <Text size="sm" c="dimmed" data-testid="news-list-total" aria-live="polite">
              {t('listTotal', { total: list.data.total })}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': t(control === 'previous' ? 'previousPage' : control === 'next' ? 'nextPage' : 'pageControl'),
                })}
                getItemProps={(n) => ({ 'aria-label': t('pageItem', { page: n }) })}
                data-testid="news-pages"
              />
            ) : null}
          </Group>
        ) : null}
      </Paper>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming?.to === 'published' ? t('confirmPublishTitle') : t('confirmWithdrawTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
        centered
      >
        {confirming ? (
          <Stack gap="md">
            <Text>
              {confirming.to === 'published'
                ? t('confirmPublish', { title: confirming.title })
                : t('confirmWithdraw', { title: confirming.title })}
            </Text>
            <Group justify="flex-end" gap="sm">
              {/* The safe choice has the focus when the dialog opens. */}
              <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
                {t('cancel')}
              </Button>
              <Button
                color={confirming.to === 'published' ? undefined : 'red'}
                loading={publish.isPending}
                onClick={() => publish.mutate({ id: confirming.id, status: confirming.to })}
                data-testid="news-confirm-status"
              >
                {confirming.to === 'published' ? t('publish') : t('unpublish')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

const fieldId = (field: string) => `news-editor-${field}`;

/** The title in the page's language, or in the other when the item has only that one. */
function shownTitle(item: Pick<NewsRecord, 'titleZh' | 'titleEn'>, lang: NewsLanguage): { text: string; lang: NewsLanguage } {
  const [own, other] = lang === 'en' ? [item.titleEn, item.titleZh] : [item.titleZh, item.titleEn];
  return own ? { text: own, lang } : { text: other, lang: lang === 'en' ? 'zh' : 'en' };
}

function toInput(record: NewsRecord): NewsInput {
  const { id: _id, slug: _slug, status: _status, demo: _demo, publishedAt: _p, updatedAt: _u, ...input } = record;
  return input;
}

function splitTags(text: string): string[] {
  return text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 12);
}
