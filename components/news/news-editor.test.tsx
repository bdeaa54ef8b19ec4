/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { configureApiClient } from '@/lib/client/api';
import { fireEvent, render, screen, waitFor, within } from '@/test-utils/render';
import { NewsEditor } from './news-editor';
import { envelopeResponse } from '@/test-utils/fake-response';

let posted: Record<string, unknown>[] = [];

beforeAll(() => {
  // ProseMirror measures the selection to keep it in view; jsdom lays nothing out and has no such measures.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  document.elementFromPoint ??= () => null;
});

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
    /** The body's toolbar (the rich-text editor loads lazily). */
    toolbar: async (lang: 'Chinese' | 'English') => within(await within(form).findByRole('toolbar', { name: `Formatting: ${lang} body` })),
    /** Writes a body as HTML through the editor's source view, then shows it formatted again. */
    writeBody: async (lang: 'Chinese' | 'English', html: string) => {
      const bar = within(await within(form).findByRole('toolbar', { name: `Formatting: ${lang} body` }));
      fireEvent.click(bar.getByRole('button', { name: 'HTML source' }));
      fireEvent.change(within(form).getByRole('textbox', { name: `${lang} body, HTML source` }), { target: { value: html } });
      fireEvent.click(bar.getByRole('button', { name: 'HTML source' }));
      return within(form).getByRole('textbox', { name: `${lang} body` });
    },
  };
}

describe('news editor: which languages an item needs', () => {
  it('saves an item written in Chinese only, from either tab', async () => {
    const { tab, fill, save, writeBody } = openNewItem();
    fireEvent.click(tab(/中文/));
    fill('Chinese title', '仅中文的通知');
    await writeBody('Chinese', '<p>正文</p>');
    fireEvent.click(tab(/English/));
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ titleZh: '仅中文的通知', bodyZh: '<p>正文</p>', titleEn: '', bodyEn: '' });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });

  it('does not save a half-written language: opens its tab, marks it, names and focuses the missing field', async () => {
    const { tab, fill, save, form, writeBody } = openNewItem();
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
    const body = await within(form).findByRole('textbox', { name: 'Chinese body' });
    expect(body).toHaveAccessibleDescription(/Required for the Chinese version/);
    await waitFor(() => expect(body).toHaveFocus());
    expect(posted).toHaveLength(0);

    // Filling the field clears its mark; then it saves.
    await writeBody('Chinese', '<p>正文</p>');
    expect(tab(/中文/)).not.toHaveAttribute('data-incomplete');
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
  });

  it('submits the HTML the toolbar makes: a word made bold, a checked link', async () => {
    const { fill, save, toolbar, writeBody, form } = openNewItem();
    fill('English title', 'Formatted');
    const body = await writeBody('English', '<p>GF-7 stereo</p>');
    const bar = await toolbar('English');
    // Select everything (Ctrl+A in the editor), then Bold.
    body.focus();
    fireEvent.keyDown(body, { key: 'a', ctrlKey: true });
    fireEvent.click(bar.getByRole('button', { name: 'Bold (Ctrl+B)' }));
    expect(bar.getByRole('button', { name: 'Bold (Ctrl+B)' })).toHaveAttribute('aria-pressed', 'true');

    // A link address that is not one is refused, with the reason; a host alone becomes https.
    fireEvent.click(bar.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    fireEvent.change(within(dialog).getByLabelText('Link address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByText(/Not a link address/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Link address'), { target: { value: 'www.mnr.gov.cn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link' })).not.toBeInTheDocument());

    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.bodyEn).toBe('<p><a href="https://www.mnr.gov.cn/"><strong>GF-7 stereo</strong></a></p>');
    expect(within(form).getByRole('textbox', { name: 'English body' }).innerHTML).toContain('<strong>GF-7 stereo</strong>');
  });

  it('takes an image from this site only, with its text alternative', async () => {
    const { fill, save, toolbar, writeBody } = openNewItem();
    fill('English title', 'With a picture');
    const body = await writeBody('English', '<p>Scene</p>');
    body.focus();
    fireEvent.keyDown(body, { key: 'End', ctrlKey: true });
    fireEvent.click((await toolbar('English')).getByRole('button', { name: 'Image from this site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image from this site' });
    fireEvent.change(within(dialog).getByLabelText('Image address'), { target: { value: 'https://elsewhere.example/x.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText(/Not an image on this site/)).toBeInTheDocument();
    expect(within(dialog).getByText('Describe the image.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Image address'), { target: { value: '/api/figures/gf7.png' } });
    fireEvent.change(within(dialog).getByLabelText('Text for readers who cannot see the image'), { target: { value: 'GF-7 scene' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image from this site' })).not.toBeInTheDocument());
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.bodyEn).toContain('<img src="/api/figures/gf7.png" alt="GF-7 scene">');
  });

  it('asks for the page language when nothing is written', () => {
    const { tab, save } = openNewItem();
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('the English version lacks its title or body');
    expect(tab(/English/)).toHaveAttribute('data-incomplete', 'true');
    expect(posted).toHaveLength(0);
  });
});
