/**
 * @jest-environment jsdom
 */
/* eslint-disable react/jsx-key -- each case is a tuple of two elements, not a rendered list */
import * as M from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from '@/components/providers/theme';
import * as S from './mantine-static';

/** An element as a comparable value: tag, attributes (classes and style declarations sorted), children. */
function canonical(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const element = node as Element;
  const attributes: Record<string, string> = {};
  for (const { name, value } of [...element.attributes]) {
    if (name === 'class')
      attributes.class = value
        .split(/\s+/)
        .map((c) => (/^(__m__-|mstatic-)/.test(c) ? 'RULE' : c))
        .sort()
        .join(' ');
    else if (name === 'style')
      attributes.style = value
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .sort()
        .join(';');
    else attributes[name] = value;
  }
  const text = element.tagName === 'STYLE' ? (element.textContent ?? '').replace(/\.(__m__-\S+?|mstatic-\w+)\{/g, '.RULE{') : undefined;
  return { tag: element.tagName, attributes, text, children: text ? [] : [...element.childNodes].map(canonical) };
}

function dom(html: string): unknown[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  host.querySelectorAll('style[data-mantine-styles="classes"]').forEach((s) => s.remove());
  host.querySelectorAll('style[data-mantine-styles="inline"]').forEach((s) => s.removeAttribute('data-mantine-styles'));
  return [...host.childNodes].map(canonical);
}

const mantine = (element: ReactElement) =>
  dom(
    renderToStaticMarkup(
      <M.MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" withCssVariables={false}>
        {element}
      </M.MantineProvider>,
    ),
  );
const ours = (element: ReactElement) => dom(renderToStaticMarkup(element));

/** Each case as the content pages write it, once with Mantine's component and once with ours. */
const CASES: [string, ReactElement, ReactElement][] = [
  [
    'Container size py',
    <M.Container size="md" py="xl">
      x
    </M.Container>,
    <S.Container size="md" py="xl">
      x
    </S.Container>,
  ],
  [
    'Container numeric size, class',
    <M.Container size={1100} className="c">
      x
    </M.Container>,
    <S.Container size={1100} className="c">
      x
    </S.Container>,
  ],
  ['Container default', <M.Container>x</M.Container>, <S.Container>x</S.Container>],
  ['Stack gap', <M.Stack gap="lg">x</M.Stack>, <S.Stack gap="lg">x</S.Stack>],
  [
    'Stack as list with style',
    <M.Stack gap={4} component="ol" mt="sm" className="k" style={{ listStyle: 'none' }}>
      x
    </M.Stack>,
    <S.Stack gap={4} component="ol" mt="sm" className="k" style={{ listStyle: 'none' }}>
      x
    </S.Stack>,
  ],
  [
    'Group with a falsy child',
    <M.Group gap="sm" mt="xs">
      <span>a</span>
      {null}
      <span>b</span>
    </M.Group>,
    <S.Group gap="sm" mt="xs">
      <span>a</span>
      {null}
      <span>b</span>
    </S.Group>,
  ],
  [
    'Group justify align wrap',
    <M.Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label="g">
      x
    </M.Group>,
    <S.Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" role="group" aria-label="g">
      x
    </S.Group>,
  ],
  [
    'Text dimmed',
    <M.Text size="sm" c="dimmed">
      x
    </M.Text>,
    <S.Text size="sm" c="dimmed">
      x
    </S.Text>,
  ],
  ['Text plain', <M.Text>x</M.Text>, <S.Text>x</S.Text>],
  [
    'Text maw',
    <M.Text size="lg" mt="xs" maw={640}>
      x
    </M.Text>,
    <S.Text size="lg" mt="xs" maw={640}>
      x
    </S.Text>,
  ],
  [
    'Text shade weight',
    <M.Text size="sm" c="gray.7" mt={4} fw={600}>
      x
    </M.Text>,
    <S.Text size="sm" c="gray.7" mt={4} fw={600}>
      x
    </S.Text>,
  ],
  [
    'Text line clamp',
    <M.Text size="sm" lineClamp={2}>
      x
    </M.Text>,
    <S.Text size="sm" lineClamp={2}>
      x
    </S.Text>,
  ],
  [
    'Text span inherit',
    <M.Text component="span" size="xs" fw={500} c="inherit">
      x
    </M.Text>,
    <S.Text component="span" size="xs" fw={500} c="inherit">
      x
    </S.Text>,
  ],
  [
    'Text dd m0',
    <M.Text component="dd" m={0} className="z">
      x
    </M.Text>,
    <S.Text component="dd" m={0} className="z">
      x
    </S.Text>,
  ],
  [
    'Text time',
    <M.Text c="dimmed" size="sm" component="time" dateTime="2024-01-01">
      x
    </M.Text>,
    <S.Text c="dimmed" size="sm" component="time" dateTime="2024-01-01">
      x
    </S.Text>,
  ],
  [
    'Text status colour',
    <M.Text size="sm" role="status" c="teal.8">
      x
    </M.Text>,
    <S.Text size="sm" role="status" c="teal.8">
      x
    </S.Text>,
  ],
  ['Title', <M.Title order={1}>x</M.Title>, <S.Title order={1}>x</S.Title>],
  [
    'Title sized',
    <M.Title order={2} size="h4" mb="md" id="i">
      x
    </M.Title>,
    <S.Title order={2} size="h4" mb="md" id="i">
      x
    </S.Title>,
  ],
  [
    'Title class',
    <M.Title order={3} size="h3" mt="xs" className="t" lang="en">
      x
    </M.Title>,
    <S.Title order={3} size="h3" mt="xs" className="t" lang="en">
      x
    </S.Title>,
  ],
  [
    'Paper article',
    <M.Paper withBorder radius="md" p="md" component="article" aria-labelledby="a">
      x
    </M.Paper>,
    <S.Paper withBorder radius="md" p="md" component="article" aria-labelledby="a">
      x
    </S.Paper>,
  ],
  [
    'Paper responsive padding',
    <M.Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} h="100%">
      x
    </M.Paper>,
    <S.Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} h="100%">
      x
    </S.Paper>,
  ],
  [
    'Badge outline',
    <M.Badge variant="outline" color="gray">
      x
    </M.Badge>,
    <S.Badge variant="outline" color="gray">
      x
    </S.Badge>,
  ],
  ['Badge light primary', <M.Badge variant="light">x</M.Badge>, <S.Badge variant="light">x</S.Badge>],
  [
    'Badge light blue',
    <M.Badge variant="light" color="blue">
      x
    </M.Badge>,
    <S.Badge variant="light" color="blue">
      x
    </S.Badge>,
  ],
  [
    'Badge sized',
    <M.Badge variant="light" color="orange" size="sm" mt={4} lang="en" data-testid="b">
      x
    </M.Badge>,
    <S.Badge variant="light" color="orange" size="sm" mt={4} lang="en" data-testid="b">
      x
    </S.Badge>,
  ],
  [
    'Badge xs fit',
    <M.Badge size="xs" variant="outline" color="gray" w="fit-content">
      x
    </M.Badge>,
    <S.Badge size="xs" variant="outline" color="gray" w="fit-content">
      x
    </S.Badge>,
  ],
  ['Badge plain', <M.Badge>x</M.Badge>, <S.Badge>x</S.Badge>],
  [
    'SimpleGrid responsive',
    <M.SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none' }}>
      x
    </M.SimpleGrid>,
    <S.SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none' }}>
      x
    </S.SimpleGrid>,
  ],
  [
    'SimpleGrid default spacing',
    <M.SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="g">
      x
    </M.SimpleGrid>,
    <S.SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="g">
      x
    </S.SimpleGrid>,
  ],
  [
    'SimpleGrid dl',
    <M.SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" className="f">
      x
    </M.SimpleGrid>,
    <S.SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm" className="f">
      x
    </S.SimpleGrid>,
  ],
  [
    'Anchor external',
    <M.Anchor href="/x" target="_blank" rel="noopener noreferrer">
      x
    </M.Anchor>,
    <S.Anchor href="/x" target="_blank" rel="noopener noreferrer">
      x
    </S.Anchor>,
  ],
  [
    'Anchor inherit weight',
    <M.Anchor href="/x" fw={600} c="inherit">
      x
    </M.Anchor>,
    <S.Anchor href="/x" fw={600} c="inherit">
      x
    </S.Anchor>,
  ],
  [
    'Anchor sized',
    <M.Anchor href="/x" size="sm">
      x
    </M.Anchor>,
    <S.Anchor href="/x" size="sm">
      x
    </S.Anchor>,
  ],
  [
    'List',
    <M.List size="sm" spacing={4}>
      <M.ListItem>a</M.ListItem>
      <M.ListItem>b</M.ListItem>
    </M.List>,
    <S.List size="sm" spacing={4}>
      <S.ListItem>a</S.ListItem>
      <S.ListItem>b</S.ListItem>
    </S.List>,
  ],
  [
    'List mt',
    <M.List size="sm" mt="xs">
      <M.ListItem>a</M.ListItem>
    </M.List>,
    <S.List size="sm" mt="xs">
      <S.ListItem>a</S.ListItem>
    </S.List>,
  ],
  ['VisuallyHidden', <M.VisuallyHidden>x</M.VisuallyHidden>, <S.VisuallyHidden>x</S.VisuallyHidden>],
  [
    'Box html',
    <M.Box className="b" mt="md" dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />,
    <S.Box className="b" mt="md" dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />,
  ],
];

/** Mantine's ids come from React's useId: equal in kind, not in number, between two renders. */
const withoutIds = (tree: unknown) => JSON.parse(JSON.stringify(tree).replace(/mantine-_R_\w+?_/g, 'mantine-ID'));

describe('Mantine components as plain server-rendered elements', () => {
  it('Alert light renders what Mantine renders (its ids aside)', () => {
    const theirs = mantine(
      <M.Alert variant="light" color="gray">
        x
      </M.Alert>,
    );
    expect(JSON.stringify(theirs)).toMatch(/mantine-_R_\w+?_-body/);
    expect(withoutIds(ours(<S.Alert color="gray">x</S.Alert>))).toEqual(withoutIds(theirs));
  });

  it.each(CASES)('%s renders what Mantine renders', (_, theirs, mine) => {
    expect(ours(mine)).toEqual(mantine(theirs));
  });

  it('a responsive rule names its class after its content, so equal rules share one name', () => {
    const a = renderToStaticMarkup(<S.SimpleGrid cols={{ base: 1, sm: 2 }}>x</S.SimpleGrid>);
    const b = renderToStaticMarkup(<S.SimpleGrid cols={{ base: 1, sm: 2 }}>y</S.SimpleGrid>);
    const c = renderToStaticMarkup(<S.SimpleGrid cols={{ base: 1, sm: 3 }}>x</S.SimpleGrid>);
    const name = (html: string) => /class="[^"]*(mstatic-\w+)/.exec(html)?.[1];
    expect(name(a)).toBeDefined();
    expect(name(a)).toBe(name(b));
    expect(name(a)).not.toBe(name(c));
  });
});
