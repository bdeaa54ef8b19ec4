/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { configureApiClient } from '@/lib/client/api';
import { fireEvent, render, screen, waitFor, within } from '@/test-utils/render';
import { NewsEditor } from './news-editor';
import { envelopeResponse } from '@/test-utils/fake-response';

let posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted = [];
  configureApiClient({ locale: () => 'en', token: () => null, onUnauthorized: () => {}, fallbackMessage: (kind) => kind });
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    if (body) posted.push(body);
    const data = body
      ? { id: '7', slug: 'news-x', status: 'draft', demo: false, publishedAt: null, updatedAt: '2026-01-01T00:00:00Z', ...body }
      : { list: [], total: 0, pageNum: 1, pageSize: 100 };
    // jsdom has no Response: what the fetch wrapper reads of one.
    return envelopeResponse(data);
  }) as typeof fetch;
});

function openNewItem() {
  render(<NewsEditor />, { locale: 'en' });
  fireEvent.click(screen.getByRole('button', { name: 'New item' }));
  const form = screen.getByRole('form', { name: 'News item form' });
  return {
    form,
    tab: (name: RegExp) => within(form).getByRole('tab', { name }),
    fill: (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } }),
    save: () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })),
  };
}

describe('news editor: which languages an item needs', () => {
  it('saves an item written in Chinese only, from either tab', async () => {
    const { tab, fill, save } = openNewItem();
    fireEvent.click(tab(/中文/));
    fill('Chinese title', '仅中文的通知');
    fill('Chinese body (HTML)', '<p>正文</p>');
    fireEvent.click(tab(/English/));
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ titleZh: '仅中文的通知', bodyZh: '<p>正文</p>', titleEn: '', bodyEn: '' });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('does not save a half-written language: opens its tab, marks it, names and focuses the missing field', async () => {
    const { tab, fill, save, form } = openNewItem();
    // The English tab is open (the page is English); the Chinese version has a title only.
    fireEvent.click(tab(/中文/));
    fill('Chinese title', '只有标题');
    fireEvent.click(tab(/English/));
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: the Chinese version lacks its title or body (marked on its tab).');
    expect(tab(/中文/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/中文/)).toHaveAttribute('data-incomplete', 'true');
    expect(tab(/中文/)).toHaveAccessibleName(/incomplete/);
    expect(tab(/English/)).not.toHaveAttribute('data-incomplete');
    const body = within(form).getByLabelText('Chinese body (HTML)');
    expect(body).toHaveAccessibleDescription(/Required for the Chinese version/);
    await waitFor(() => expect(body).toHaveFocus());
    expect(posted).toHaveLength(0);

    // Filling the field clears its mark; then it saves.
    fill('Chinese body (HTML)', '<p>正文</p>');
    expect(tab(/中文/)).not.toHaveAttribute('data-incomplete');
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it('asks for the page language when nothing is written', () => {
    const { tab, save } = openNewItem();
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('the English version lacks its title or body');
    expect(tab(/English/)).toHaveAttribute('data-incomplete', 'true');
    expect(posted).toHaveLength(0);
  });
});
