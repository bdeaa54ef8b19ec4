/**
 * The frame of an administrators' list screen: the page heading with its introduction, and a titled section
 * with the list's count beside its title (orders, applications, element sets).
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScreenHeading({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text mt="xs">{intro}</Text>
    </div>
  );
}

export function ListSection({
  id,
  title,
  count,
  countTestId,
  children,
}: {
  /** Id of the section's title (the section is labelled by it). */
  id: string;
  title: ReactNode;
  /** The count line beside the title; nothing until the list has loaded. */
  count: ReactNode | null;
  countTestId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {count !== null ? (
            <Text size="sm" c="gray.7" data-testid={countTestId}>
              {count}
            </Text>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
