/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from './intent-link';
import { usePathname, useRouter } from './locale-navigation';
import { localizePath, unlocalizePath } from './locale-paths';
import { redirect } from './server-navigation';

const nextRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), forward: jest.fn(), refresh: jest.fn() };
let nextPathname = '/english/platform/newsList/notic';
jest.mock('next/navigation', () => ({
  useRouter: () => nextRouter,
  usePathname: () => nextPathname,
  redirect: (to: string) => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  },
}));

const inEnglish = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="en" messages={{}}>
    {children}
  </NextIntlClientProvider>
);

function clearLocaleCookie() {
  document.cookie = 'NEXT_LOCALE=; Max-Age=0; path=/';
}

beforeEach(() => {
  jest.clearAllMocks();
  clearLocaleCookie();
  nextPathname = '/english/platform/newsList/notic';
});

describe('locale paths (as next-intl writes them for this routing)', () => {
  it('puts a site path under its language prefix, without a trailing slash for home', () => {
    expect(localizePath('/platform/newsList/notic', 'zh')).toBe('/chinese/platform/newsList/notic');
    expect(localizePath('/home?login=/home#top', 'en')).toBe('/english/home?login=/home#top');
    expect(localizePath('/', 'en')).toBe('/english');
    expect(localizePath('/?page=2', 'zh')).toBe('/chinese?page=2');
  });

  it('leaves addresses elsewhere, relative paths and anchors as they are', () => {
    expect(localizePath('https://example.org/a', 'zh')).toBe('https://example.org/a');
    expect(localizePath('mailto:a@b.cn', 'en')).toBe('mailto:a@b.cn');
    expect(localizePath('detail/3', 'en')).toBe('detail/3');
    expect(localizePath('#main', 'en')).toBe('#main');
  });

  it('takes the prefix (or an internal /zh, /en) off a path, and only a whole segment', () => {
    expect(unlocalizePath('/english/platform/platformIntro', 'en')).toBe('/platform/platformIntro');
    expect(unlocalizePath('/chinese', 'zh')).toBe('/');
    expect(unlocalizePath('/zh/home', 'zh')).toBe('/home');
    expect(unlocalizePath('/englishman', 'en')).toBe('/englishman');
    expect(unlocalizePath('/chinese/home', 'en')).toBe('/chinese/home');
  });
});

describe('usePathname and useRouter', () => {
  it('reads the path without its prefix', () => {
    const { result } = renderHook(() => usePathname(), { wrapper: inEnglish });
    expect(result.current).toBe('/platform/newsList/notic');
  });

  it('navigates in the current language, and to another one remembering the choice', () => {
    const { result } = renderHook(() => useRouter(), { wrapper: inEnglish });
    result.current.push('/home');
    expect(nextRouter.push).toHaveBeenLastCalledWith('/english/home');
    expect(document.cookie).not.toContain('NEXT_LOCALE');

    result.current.replace('/about/FAQ?q=1', { scroll: false });
    expect(nextRouter.replace).toHaveBeenLastCalledWith('/english/about/FAQ?q=1', { scroll: false });

    result.current.push('/satellite/chinese/gf1', { locale: 'zh' });
    expect(nextRouter.push).toHaveBeenLastCalledWith('/chinese/satellite/chinese/gf1');
    expect(document.cookie).toContain('NEXT_LOCALE=zh');
  });

  it('prefetches another language without taking it for a choice', () => {
    const { result } = renderHook(() => useRouter(), { wrapper: inEnglish });
    result.current.prefetch('/home', { locale: 'zh' });
    expect(nextRouter.prefetch).toHaveBeenLastCalledWith('/chinese/home');
    expect(document.cookie).not.toContain('NEXT_LOCALE');
  });
});

describe('Link', () => {
  it('links in the current language and prefetches on intent only', () => {
    render(<Link href="/platform/platformIntro">About</Link>, { wrapper: inEnglish });
    const link = screen.getByRole('link', { name: 'About' });
    expect(link).toHaveAttribute('href', '/english/platform/platformIntro');
    expect(nextRouter.prefetch).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link);
    expect(nextRouter.prefetch).toHaveBeenLastCalledWith('/english/platform/platformIntro');
  });

  it('keeps the query of an address object', () => {
    render(<Link href={{ pathname: '/home', query: { login: '/home' } }}>Log in</Link>, { wrapper: inEnglish });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/english/home?login=%2Fhome');
  });

  it('to another language: its prefix and hreflang, and a click remembers the choice', () => {
    render(
      <Link href="/platform/newsList/notic" locale="zh" onClick={(event) => event.preventDefault()}>
        中文
      </Link>,
      { wrapper: inEnglish },
    );
    const link = screen.getByRole('link', { name: '中文' });
    expect(link).toHaveAttribute('href', '/chinese/platform/newsList/notic');
    expect(link).toHaveAttribute('hreflang', 'zh');
    fireEvent.click(link);
    expect(document.cookie).toContain('NEXT_LOCALE=zh');
  });
});

describe('redirect (server)', () => {
  it('sends to the path under the language prefix, with its query', () => {
    expect(() => redirect({ href: '/home', locale: 'en' })).toThrow('NEXT_REDIRECT /english/home');
    expect(() => redirect({ href: { pathname: '/home', query: { login: '/personal/cart' } }, locale: 'zh' })).toThrow(
      'NEXT_REDIRECT /chinese/home?login=%2Fpersonal%2Fcart',
    );
  });
});
