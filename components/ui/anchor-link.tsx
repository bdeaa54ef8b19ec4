import { Anchor, type TextProps as AnchorProps } from '@/components/ui/mantine-static';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

/** A Mantine anchor that navigates with the locale-aware Link; usable from Server Components. */
export function AnchorLink({
  href,
  children,
  rel,
  ...props
}: AnchorProps & { href: ComponentProps<typeof Link>['href']; rel?: string; 'aria-label'?: string; children: ReactNode }) {
  return (
    <Anchor component={Link} href={href} rel={rel} {...props}>
      {children}
    </Anchor>
  );
}
