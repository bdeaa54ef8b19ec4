/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@/test-utils/render';
import { configureApiClient } from '../api';
import { newsKeys, useManagedNewsList, useSaveNews, useSetNewsStatus, useUploadNewsCover } from './news';
import { envelopeResponse } from '@/test-utils/fake-response';

const record = {
  id: '12',
  slug: 'a',
  status: 'draft',
  demo: false,
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  type: 1,
  titleZh: '标题',
  titleEn: 'Title',
  summaryZh: '',
  summaryEn: '',
  bodyZh: '<p>正文</p>',
  bodyEn: '<p>Body</p>',
  sourceZh: null,
  sourceEn: null,
  tags: [],
  highlight: false,
};
const { id: _id, slug: _slug, status: _status, demo: _demo, publishedAt: _p, updatedAt: _u, ...draft } = record;
const listItem = { ...record, bodyZh: undefined, bodyEn: undefined };

let requests: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  configureApiClient({ locale: () => 'en', token: () => null, onUnauthorized: () => {}, fallbackMessage: (kind) => kind });
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    requests.push({ url: path, method: init?.method ?? 'GET', body: init?.body });
    const data = path.startsWith('/api/news/v3/manage?')
      ? { list: [listItem], total: 1, pageNum: 1, pageSize: 100 }
      : path.includes('/cover')
        ? { fileId: '9', url: '/f/9', width: 64, height: 64, altZh: '图', altEn: 'Picture', variants: [] }
        : record;
    // jsdom has no Response: what the fetch wrapper reads of one.
    return envelopeResponse(data);
  }) as typeof fetch;
});

describe('news editor hooks', () => {
  it('lists the managed news of a status under its key', async () => {
    const { result, queryClient } = renderHook(() => useManagedNewsList('draft'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]).toMatchObject({ url: '/api/news/v3/manage?pageNum=1&pageSize=20&status=draft', method: 'GET' });
    expect(queryClient.getQueryData(newsKeys.list('draft'))).toEqual(result.current.data);
    expect(result.current.data?.list[0]?.titleEn).toBe('Title');
  });

  it('asks for one page with words of the title (issue 32.7: 66 items on one page, no search)', async () => {
    const { result, queryClient } = renderHook(() => useManagedNewsList('all', '高分 100%', 3));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests[0]!.url).toBe(`/api/news/v3/manage?pageNum=3&pageSize=20&q=${encodeURIComponent('高分 100%').replace(/%20/g, '+')}`);
    expect(queryClient.getQueryData(newsKeys.list('all', '高分 100%', 3))).toEqual(result.current.data);
  });

  it('creates without an id, updates with one, and refreshes the lists', async () => {
    const onSuccess = jest.fn();
    const { result, queryClient } = renderHook(() => useSaveNews({ onSuccess }));
    await queryClient.prefetchQuery({ queryKey: newsKeys.list('all'), queryFn: () => 'stale' });

    await act(() => result.current.mutateAsync({ id: null, draft }));
    expect(requests.at(-1)).toMatchObject({ url: '/api/news/v3/manage', method: 'POST', body: JSON.stringify(draft) });
    expect(onSuccess).toHaveBeenLastCalledWith(record);
    expect(queryClient.getQueryState(newsKeys.list('all'))?.isInvalidated).toBe(true);

    await act(() => result.current.mutateAsync({ id: '12', draft }));
    expect(requests.at(-1)).toMatchObject({ url: '/api/news/v3/manage/id/12', method: 'PUT' });
  });

  it('publishes through the status endpoint', async () => {
    const { result } = renderHook(() => useSetNewsStatus());
    await act(() => result.current.mutateAsync({ id: '12', status: 'published' }));
    expect(requests.at(-1)).toMatchObject({ url: '/api/news/v3/manage/id/12/status', method: 'POST', body: '{"status":"published"}' });
  });

  it('uploads a cover as the raw image with its texts in the query', async () => {
    const { result } = renderHook(() => useUploadNewsCover('12'));
    const image = new Blob(['png'], { type: 'image/png' });
    await act(() => result.current.mutateAsync({ image, altZh: '图', altEn: '' }));
    expect(requests.at(-1)).toMatchObject({
      url: `/api/news/v3/manage/id/12/cover?altZh=${encodeURIComponent('图')}`,
      method: 'PUT',
      body: image,
    });
  });
});
