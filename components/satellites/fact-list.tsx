import { SimpleGrid, Text } from '@/components/ui/mantine-static';
import type { ReactNode } from 'react';
import classes from './satellites.module.css';

/** Label–value pairs as a description list, in a responsive grid. */
export function FactList({ facts, cols = 3 }: { facts: { label: string; value: ReactNode }[]; cols?: 2 | 3 }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: cols }} spacing="md" verticalSpacing="sm" className={classes.facts}>
      {facts.map((f) => (
        <div key={f.label}>
          <Text component="dt" size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" fw={500}>
            {f.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
