/**
 * Mantine's layout and text components as plain elements, for the content pages: the same tags, class names, data
 * attributes and CSS variables Mantine renders (so Mantine's stylesheets, loaded on every page, draw them exactly
 * alike), without Mantine's script. Mantine's components are client components and need MantineProvider in the
 * browser; these render on the server and add nothing to the page's first-load JavaScript (issue 32.5).
 *
 * Only the props the content pages use are here; `mantine-static.test.tsx` renders each next to Mantine's own and
 * compares the markup. Screens and dialogs keep using Mantine itself (inside MantineScope).
 */
import {
  createElement,
  useId,
  type AriaAttributes,
  type CSSProperties,
  type DOMAttributes,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
} from 'react';

const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' } as const;
type Breakpoint = keyof typeof BREAKPOINTS;
type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const SIZES: readonly string[] = ['xs', 'sm', 'md', 'lg', 'xl'];
const isSize = (value: unknown): value is Size => typeof value === 'string' && SIZES.includes(value);

/** Mantine's rem(): pixels as rem, scaled by --mantine-scale. */
const rem = (px: number) => (px === 0 ? '0rem' : `calc(${px / 16}rem * var(--mantine-scale))`);
const spacing = (value: number | string) =>
  typeof value === 'number' ? rem(value) : isSize(value) ? `var(--mantine-spacing-${value})` : value;
const dimension = (value: number | string) => (typeof value === 'number' ? rem(value) : value);
const radius = (value: number | string) =>
  typeof value === 'number' ? rem(value) : isSize(value) ? `var(--mantine-radius-${value})` : value;
const fontSize = (value: number | string) =>
  typeof value === 'number' ? rem(value) : isSize(value) ? `var(--mantine-font-size-${value})` : value;
/** A theme colour ("dimmed", "gray.7", "inherit"), as Mantine's style props resolve it. */
function color(value: string): string {
  if (value === 'dimmed' || value === 'white' || value === 'black' || value === 'bright') return `var(--mantine-color-${value})`;
  const shade = /^([a-z]+)\.(\d)$/.exec(value);
  if (shade) return `var(--mantine-color-${shade[1]}-${shade[2]})`;
  return value;
}

type Responsive<T> = T | Partial<Record<'base' | Breakpoint, T>>;
type Spacing = number | Size | (string & {});

/** Mantine's style props that the content pages use, in the order Mantine writes them. */
export interface StyleProps {
  m?: Spacing;
  my?: Spacing;
  mx?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  ml?: Spacing;
  mr?: Spacing;
  p?: Responsive<Spacing>;
  py?: Spacing;
  px?: Spacing;
  pt?: Spacing;
  pb?: Spacing;
  c?: string;
  fz?: number | Size;
  fw?: number | CSSProperties['fontWeight'];
  ta?: CSSProperties['textAlign'];
  lh?: number | string;
  w?: number | string;
  miw?: number | string;
  maw?: number | string;
  h?: number | string;
  mih?: number | string;
}

const STYLE_PROPS: { [K in keyof StyleProps]-?: [string, (value: never) => string | number] } = {
  m: ['margin', spacing],
  my: ['marginBlock', spacing],
  mx: ['marginInline', spacing],
  mt: ['marginTop', spacing],
  mb: ['marginBottom', spacing],
  ml: ['marginLeft', spacing],
  mr: ['marginRight', spacing],
  p: ['padding', spacing],
  py: ['paddingBlock', spacing],
  px: ['paddingInline', spacing],
  pt: ['paddingTop', spacing],
  pb: ['paddingBottom', spacing],
  c: ['color', color],
  fz: ['fontSize', fontSize],
  fw: ['fontWeight', (v: number | string) => v],
  ta: ['textAlign', (v: string) => v],
  lh: ['lineHeight', (v: number | string) => (isSize(v) ? `var(--mantine-line-height-${v})` : v)],
  w: ['width', dimension],
  miw: ['minWidth', dimension],
  maw: ['maxWidth', dimension],
  h: ['height', dimension],
  mih: ['minHeight', dimension],
};

const kebab = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A short, stable name for a responsive rule: the same values give the same class, on the server and in the browser. */
function hashClass(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return `mstatic-${(hash >>> 0).toString(36)}`;
}

interface Rules {
  base: Record<string, string>;
  media: Partial<Record<Breakpoint, Record<string, string>>>;
}
const emptyRules = (): Rules => ({ base: {}, media: {} });
function addResponsive<T>(rules: Rules, property: string, value: Responsive<T>, convert: (v: T) => string | number) {
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value as Record<string, T>)) {
      if (v === undefined) continue;
      if (key === 'base') rules.base[property] = String(convert(v));
      else (rules.media[key as Breakpoint] ??= {})[property] = String(convert(v));
    }
  } else rules.base[property] = String(convert(value));
}
function rulesCss(name: string, rules: Rules): string {
  const body = (decls: Record<string, string>) =>
    Object.entries(decls)
      .map(([property, value]) => `${property}:${value};`)
      .join('');
  let css = Object.keys(rules.base).length ? `.${name}{${body(rules.base)}}` : '';
  for (const breakpoint of Object.keys(BREAKPOINTS) as Breakpoint[]) {
    const decls = rules.media[breakpoint];
    if (decls) css += `@media(min-width: ${BREAKPOINTS[breakpoint]}){.${name}{${body(decls)}}}`;
  }
  return css;
}

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };
/** What any of these components passes on to its element. */
export type ElementProps = Omit<HTMLAttributes<HTMLElement>, 'color'> &
  AriaAttributes &
  DOMAttributes<HTMLElement> &
  DataAttributes & {
    href?: string;
    target?: string;
    rel?: string;
    dateTime?: string;
    hrefLang?: string;
  };

export type BoxProps = StyleProps &
  ElementProps & {
    /** The element or component to render instead of the default. */
    component?: ElementType;
    className?: string;
    style?: CSSProperties;
    children?: ReactNode;
  };

interface Rendered {
  tag: ElementType;
  props: BoxProps;
  /** Mantine's own classes, after the caller's. */
  classes: string[];
  /** Mantine's CSS variables, before the caller's style. */
  vars?: Record<string, string | number | undefined>;
  /** data-* attributes Mantine sets. */
  mod?: Record<string, string | number | boolean | undefined>;
  /** Mantine's own classes, before the caller's (the focus-ring class of text). */
  before?: string[];
  /** Responsive CSS variables: an inline rule under a class of their own, as Mantine's InlineStyles. */
  responsive?: Rules;
}

/** Renders an element the way Mantine's Box does: classes, variables, the caller's style, then style props. */
function render({ tag, props, classes, vars, mod, before = [], responsive }: Rendered) {
  const { component, className, style, children, ...rest } = props;
  const element: Record<string, unknown> = {};
  const styleOut: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(vars ?? {})) if (value !== undefined) styleOut[name] = value;
  Object.assign(styleOut, style);
  const rules = responsive ?? emptyRules();
  for (const [key, value] of Object.entries(rest)) {
    const styleProp = STYLE_PROPS[key as keyof StyleProps];
    if (!styleProp) {
      element[key] = value;
      continue;
    }
    if (value === undefined) continue;
    const [property, convert] = styleProp;
    if (typeof value === 'object' && value !== null) addResponsive(rules, kebab(property), value as Responsive<never>, convert);
    else styleOut[property] = convert(value as never);
  }
  const css = rulesCss('__name__', rules);
  const ruleClass = css ? hashClass(css) : undefined;
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(mod ?? {})) if (value !== undefined && value !== false) attributes[`data-${name}`] = value;
  const classList = [...before, className, ...classes, ruleClass].filter(Boolean).join(' ');
  const node = createElement(
    component ?? tag,
    { style: Object.keys(styleOut).length ? (styleOut as CSSProperties) : undefined, className: classList, ...attributes, ...element },
    children,
  );
  if (!css) return node;
  return (
    <>
      <style>{css.replaceAll('__name__', ruleClass!)}</style>
      {node}
    </>
  );
}

export function Box(props: BoxProps) {
  return render({ tag: 'div', props, classes: [] });
}

export function Container({ size, fluid, ...props }: BoxProps & { size?: Size | number; fluid?: boolean }) {
  return render({
    tag: 'div',
    props,
    classes: ['m_7485cace', 'mantine-Container-root'],
    vars: { '--container-size': fluid || size === undefined ? undefined : isSize(size) ? `var(--container-size-${size})` : rem(size) },
    mod: { size: isSize(size) ? size : undefined, fluid, strategy: 'block' },
  });
}

type FlexValue = CSSProperties['alignItems'];

export function Stack({
  gap = 'md',
  align = 'stretch',
  justify = 'flex-start',
  ...props
}: BoxProps & { gap?: Spacing; align?: FlexValue; justify?: CSSProperties['justifyContent'] }) {
  return render({
    tag: 'div',
    props,
    classes: ['m_6d731127', 'mantine-Stack-root'],
    vars: { '--stack-gap': spacing(gap), '--stack-align': align, '--stack-justify': justify },
  });
}

export function Group({
  gap = 'md',
  align = 'center',
  justify = 'flex-start',
  wrap = 'wrap',
  ...props
}: BoxProps & { gap?: Spacing; align?: FlexValue; justify?: CSSProperties['justifyContent']; wrap?: CSSProperties['flexWrap'] }) {
  return render({
    tag: 'div',
    props,
    classes: ['m_4081bf90', 'mantine-Group-root'],
    vars: { '--group-gap': spacing(gap), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap },
  });
}

export type TextProps = BoxProps & { size?: Size; lineClamp?: number; inherit?: boolean; inline?: boolean };

const textVars = (size: Size | undefined, lineClamp?: number) => ({
  '--text-fz': size ? `var(--mantine-font-size-${size})` : undefined,
  '--text-lh': size ? `var(--mantine-line-height-${size})` : undefined,
  '--text-line-clamp': typeof lineClamp === 'number' ? String(lineClamp) : undefined,
});

export function Text({ size, lineClamp, inherit, inline, ...props }: TextProps) {
  return render({
    tag: 'p',
    props,
    before: ['mantine-focus-always'],
    classes: ['m_b6d8b162', 'mantine-Text-root'],
    vars: textVars(size, lineClamp),
    mod: { 'line-clamp': typeof lineClamp === 'number', inline, inherit, size },
  });
}

export function Anchor({ size, underline = 'hover', ...props }: TextProps & { underline?: 'always' | 'hover' | 'not-hover' | 'never' }) {
  return render({
    tag: 'a',
    props,
    before: ['mantine-focus-always'],
    classes: ['m_849cf0da', 'm_b6d8b162', 'mantine-Text-root', 'mantine-Anchor-root'],
    vars: textVars(size),
    mod: { size, underline },
  });
}

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export function Title({ order = 1, size, ...props }: BoxProps & { order?: 1 | 2 | 3 | 4 | 5 | 6; size?: Heading }) {
  const heading: Heading = size ?? `h${order}`;
  return render({
    tag: `h${order}`,
    props,
    classes: ['m_8a5d1357', 'mantine-Title-root'],
    vars: {
      '--title-fw': `var(--mantine-${heading}-font-weight)`,
      '--title-lh': `var(--mantine-${heading}-line-height)`,
      '--title-fz': `var(--mantine-${heading}-font-size)`,
    },
    mod: { size, order },
  });
}

export function Paper({
  withBorder,
  radius: r,
  shadow,
  ...props
}: BoxProps & { withBorder?: boolean; radius?: Size | number; shadow?: Size }) {
  return render({
    tag: 'div',
    props,
    classes: ['m_1b7284a3', 'mantine-Paper-root'],
    vars: { '--paper-radius': r === undefined ? undefined : radius(r), '--paper-shadow': shadow && `var(--mantine-shadow-${shadow})` },
    mod: { 'with-border': withBorder },
  });
}

/** Mantine's Alert, variant "light", with a message only (no title, icon or close button): a note set off from the text. */
export function Alert({ color, children, ...props }: BoxProps & { color: string }) {
  const id = `mantine-${useId()}`;
  const message = (
    <div className="m_a5d60502 mantine-Alert-wrapper">
      <div className="m_667c2793 mantine-Alert-body">
        <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant="light">
          {children}
        </div>
      </div>
    </div>
  );
  return render({
    tag: 'div',
    props: { id, role: 'alert', 'aria-describedby': `${id}-body`, ...props, children: message },
    classes: ['m_66836ed3', 'mantine-Alert-root'],
    vars: {
      '--alert-bg': `var(--mantine-color-${color}-light)`,
      '--alert-color': `var(--mantine-color-${color}-light-color)`,
      '--alert-bd': `${rem(1)} solid transparent`,
    },
    mod: { variant: 'light' },
  });
}

/** Badge colours as Mantine's variant colour resolver gives them for a theme colour (the portal's primary is "brand"). */
function badgeColors(variant: 'filled' | 'light' | 'outline', name: string) {
  const border = rem(1);
  if (variant === 'light')
    return {
      bg: `var(--mantine-color-${name}-light)`,
      color: `var(--mantine-color-${name}-light-color)`,
      bd: `${border} solid transparent`,
    };
  if (variant === 'outline')
    return { bg: 'transparent', color: `var(--mantine-color-${name}-outline)`, bd: `${border} solid var(--mantine-color-${name}-outline)` };
  return { bg: `var(--mantine-color-${name}-filled)`, color: 'var(--mantine-color-white)', bd: `${border} solid transparent` };
}

export function Badge({
  variant,
  color: name,
  size,
  children,
  ...props
}: BoxProps & { variant?: 'filled' | 'light' | 'outline'; color?: string; size?: Size }) {
  const colors = name || variant ? badgeColors(variant ?? 'filled', name ?? 'brand') : undefined;
  return render({
    tag: 'div',
    props: {
      ...props,
      children: <span className="m_5add502a mantine-Badge-label">{children}</span>,
    },
    classes: ['m_347db0ec', 'mantine-Badge-root'],
    vars: {
      '--badge-height': size && `var(--badge-height-${size})`,
      '--badge-padding-x': size && `var(--badge-padding-x-${size})`,
      '--badge-fz': size && `var(--badge-fz-${size})`,
      '--badge-bg': colors?.bg,
      '--badge-color': colors?.color,
      '--badge-bd': colors?.bd,
    },
    mod: { variant, size },
  });
}

export function SimpleGrid({
  cols = 1,
  spacing: x = 'md',
  verticalSpacing,
  ...props
}: BoxProps & { cols?: Responsive<number>; spacing?: Responsive<Spacing>; verticalSpacing?: Responsive<Spacing> }) {
  const rules = emptyRules();
  addResponsive(rules, '--sg-spacing-x', x, spacing);
  addResponsive(rules, '--sg-spacing-y', verticalSpacing ?? x, spacing);
  addResponsive(rules, '--sg-cols', cols, String);
  return render({ tag: 'div', props, classes: ['m_2415a157', 'mantine-SimpleGrid-root'], responsive: rules });
}

export function List({
  size,
  spacing: gap,
  type,
  ...props
}: BoxProps & { size?: Size; spacing?: Spacing; type?: 'ordered' | 'unordered' }) {
  return render({
    tag: type === 'ordered' ? 'ol' : 'ul',
    props,
    classes: ['m_abbac491', 'mantine-List-root'],
    vars: {
      '--list-fz': size && `var(--mantine-font-size-${size})`,
      '--list-lh': size && `var(--mantine-line-height-${size})`,
      '--list-spacing': gap === undefined ? undefined : spacing(gap),
    },
    mod: { size },
  });
}

export function ListItem({ children, ...props }: BoxProps) {
  return render({
    tag: 'li',
    props: {
      ...props,
      children: (
        <div className="m_75cd9f71 mantine-List-itemWrapper">
          <span className="mantine-List-itemLabel">{children}</span>
        </div>
      ),
    },
    classes: ['m_abb6bec2', 'mantine-List-item'],
  });
}

export function VisuallyHidden(props: BoxProps) {
  return render({ tag: 'span', props, classes: ['m_515a97f8', 'mantine-VisuallyHidden-root'] });
}
