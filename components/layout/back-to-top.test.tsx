/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { act, fireEvent, render, screen } from '@/test-utils/render';
import { BACK_TO_TOP_THRESHOLD, BackToTop } from './back-to-top';

let frames: FrameRequestCallback[] = [];

/** Scrolls, then runs the animation frame the scroll listener asked for. */
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
  const pending = frames;
  frames = [];
  for (const run of pending) run(0);
}

describe('BackToTop (plain button, no Mantine script)', () => {
  beforeEach(() => {
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('stays hidden and out of the tab order until 300 px of scroll, then scrolls smoothly to the top', () => {
    render(<BackToTop />, { locale: 'en' });
    const button = screen.getByTestId('back-to-top');
    expect(button).toHaveTextContent('Back to top');
    expect(button).toHaveAttribute('data-hidden');
    expect(button).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveAttribute('tabindex', '-1');

    act(() => scrollWindowTo(BACK_TO_TOP_THRESHOLD - 1));
    expect(button).toHaveAttribute('data-hidden');

    act(() => scrollWindowTo(BACK_TO_TOP_THRESHOLD));
    expect(button).not.toHaveAttribute('data-hidden');
    expect(button).not.toHaveAttribute('aria-hidden');
    expect(button).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('button', { name: 'Back to top' })).toBe(button);

    fireEvent.click(button);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('jumps to the top without gliding for a reader who asked for less motion', () => {
    render(<BackToTop />, { locale: 'en' });
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query === '(prefers-reduced-motion: reduce)' })) as typeof window.matchMedia;
    act(() => scrollWindowTo(BACK_TO_TOP_THRESHOLD + 500));
    fireEvent.click(screen.getByTestId('back-to-top'));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    window.matchMedia = original;
  });
});
