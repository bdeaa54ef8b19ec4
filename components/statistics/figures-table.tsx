'use client';

import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The table of a region's figures, one row per child region: a caption for screen readers, the header cells and
 * the rows (the caller's: columns differ by what is measured), and a second header row under grouped headers
 * (`subHead`). Scrolled by the screen's own box around it.
 */
export function FiguresTable({
  caption,
  head,
  subHead,
  children,
}: {
  caption: string;
  head: ReactNode;
  subHead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Table striped highlightOnHover stickyHeader data-testid="statistics-table">
      <Table.Caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>{head}</Table.Tr>
        {subHead ? <Table.Tr>{subHead}</Table.Tr> : null}
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** A region's name in a figures table: a button that opens it, and a note when it is outside the monitoring programme. */
export function RegionName({
  item,
  onSelect,
  unmonitored,
  className,
}: {
  item: { code: string; name: string; monitored: boolean };
  onSelect: (code: string) => void;
  /** The note of a region without figures. */
  unmonitored: string;
  className?: string;
}) {
  return (
    <>
      <UnstyledButton className={className} onClick={() => onSelect(item.code)}>
        {item.name}
      </UnstyledButton>
      {item.monitored ? null : (
        <Text size="xs" c="dimmed">
          {unmonitored}
        </Text>
      )}
    </>
  );
}
