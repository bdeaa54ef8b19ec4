/**
 * Mantine's markup for the few layout and text pieces that client components of content pages draw (the FAQ's search
 * and category list, the download button, a chart's loading note): class names, data attributes and CSS variables as
 * props to spread on a plain element. components/ui/mantine-static.tsx renders the same markup on the server, but its
 * style-prop resolution is ~1.7 KB gzip that a client component would add to its page's first load (issue 32.5);
 * these are plain values. mantine-markup.test.tsx keeps each equal to mantine-static's (and so to Mantine's) output.
 */
import type { CSSProperties } from 'react';

type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type Style = CSSProperties & Record<`--${string}`, string>;
interface Markup {
  className: string;
  style: Style;
  'data-size'?: string;
  'data-underline'?: string;
  'data-order'?: number;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');
/** A theme colour as Mantine's `c` prop writes it: "gray.7" → var(--mantine-color-gray-7), "dimmed" → …-dimmed. */
const themeColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const textVars = (size: Size): Style => ({
  '--text-fz': `var(--mantine-font-size-${size})`,
  '--text-lh': `var(--mantine-line-height-${size})`,
});

/** `<Stack gap>` */
export function stackMarkup(gap: Size): Markup {
  return {
    className: 'm_6d731127 mantine-Stack-root',
    style: { '--stack-gap': `var(--mantine-spacing-${gap})`, '--stack-align': 'stretch', '--stack-justify': 'flex-start' },
  };
}

/** `<Group gap>` (align center, wrapping: Mantine's defaults). */
export function groupMarkup(gap: Size, className?: string): Markup {
  return {
    className: join(className, 'm_4081bf90 mantine-Group-root'),
    style: {
      '--group-gap': `var(--mantine-spacing-${gap})`,
      '--group-align': 'center',
      '--group-justify': 'flex-start',
      '--group-wrap': 'wrap',
    },
  };
}

/** `<Text size c>`; `style` adds to it (e.g. a margin). */
export function textMarkup(size: Size, color?: string, style?: CSSProperties): Markup {
  return {
    className: 'mantine-focus-always m_b6d8b162 mantine-Text-root',
    style: { ...textVars(size), ...(color ? { color: themeColor(color) } : {}), ...style },
    'data-size': size,
  };
}

/** `<Anchor size>` (underlined on hover). */
export function anchorMarkup(size: Size): Markup {
  return {
    className: 'mantine-focus-always m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
    style: textVars(size),
    'data-size': size,
    'data-underline': 'hover',
  };
}

/** `<Title order size>`: a heading of level `order` drawn at the size of `size`. */
export function titleMarkup(order: 1 | 2 | 3 | 4 | 5 | 6, size: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6', className?: string): Markup {
  return {
    className: join(className, 'm_8a5d1357 mantine-Title-root'),
    style: {
      '--title-fw': `var(--mantine-${size}-font-weight)`,
      '--title-lh': `var(--mantine-${size}-line-height)`,
      '--title-fz': `var(--mantine-${size}-font-size)`,
    },
    'data-size': size,
    'data-order': order,
  };
}
