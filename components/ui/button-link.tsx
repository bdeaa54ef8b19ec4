'use client';

import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentProps } from 'react';
import { Link } from '@/i18n/navigation';

/** A Mantine button that navigates with the locale-aware Link; usable from Server Components. */
export function ButtonLink({ href, children, ...props }: ButtonProps & { href: ComponentProps<typeof Link>['href'] }) {
  return (
    <Button component={Link} href={href} {...props}>
      {children}
    </Button>
  );
}
