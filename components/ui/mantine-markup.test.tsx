/**
 * @jest-environment jsdom
 */
/* eslint-disable react/jsx-key -- each case is a tuple of two elements, not a rendered list */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { anchorMarkup, groupMarkup, stackMarkup, textMarkup, titleMarkup } from './mantine-markup';
import * as S from './mantine-static';

/** An element's tag and attributes, classes and style declarations sorted (the order of either is no difference). */
function attributes(element: ReactElement): Record<string, string> {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(element);
  const node = host.firstElementChild!;
  const out: Record<string, string> = { tag: node.tagName, text: node.textContent ?? '' };
  for (const { name, value } of [...node.attributes]) {
    const split = name === 'class' ? /\s+/ : name === 'style' ? /;/ : null;
    out[name] = split
      ? value
          .split(split)
          .map((v) => v.trim())
          .filter(Boolean)
          .sort()
          .join(' ')
      : value;
  }
  return out;
}

/** What client components spread on plain elements, next to mantine-static's component (itself compared with Mantine's). */
const CASES: [string, ReactElement, ReactElement][] = [
  ['Stack gap', <div {...stackMarkup('lg')}>x</div>, <S.Stack gap="lg">x</S.Stack>],
  [
    'Group gap, a list with a class',
    <ul {...groupMarkup('xs', 'nav')}>x</ul>,
    <S.Group gap="xs" component="ul" className="nav">
      x
    </S.Group>,
  ],
  [
    'Group gap wrap align',
    <div {...groupMarkup('sm')}>x</div>,
    <S.Group gap="sm" wrap="wrap" align="center">
      x
    </S.Group>,
  ],
  [
    'Text size c mt',
    <p {...textMarkup('sm', 'gray.7', { marginTop: 'calc(0.375rem * var(--mantine-scale))' })}>x</p>,
    <S.Text size="sm" c="gray.7" mt={6}>
      x
    </S.Text>,
  ],
  [
    'Text dimmed',
    <p {...textMarkup('sm', 'dimmed')}>x</p>,
    <S.Text size="sm" c="dimmed">
      x
    </S.Text>,
  ],
  [
    'Anchor size',
    <a href="#a" {...anchorMarkup('sm')}>
      x
    </a>,
    <S.Anchor href="#a" size="sm">
      x
    </S.Anchor>,
  ],
  [
    'Title order size',
    <h2 id="t" {...titleMarkup(2, 'h3', 'c')}>
      x
    </h2>,
    <S.Title order={2} size="h3" id="t" className="c">
      x
    </S.Title>,
  ],
];

describe("Mantine's markup as plain props for client components", () => {
  it.each(CASES)('%s: the markup of the component', (_, plain, component) => {
    expect(attributes(plain)).toEqual(attributes(component));
  });
});
