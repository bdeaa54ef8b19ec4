import { SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { SatelliteSummary } from '@/lib/shared/contracts/satellites';
import { SatelliteCard } from './satellite-card';

interface Section {
  key: string;
  title: string | null;
  intro: string | null;
  items: SatelliteSummary[];
}

/** Cards of satellites, in titled sections (the global index groups them by category). */
export function SatelliteIndex({ sections }: { sections: Section[] }) {
  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={section.title ? `group-${section.key}` : undefined}>
          {section.title && (
            <div>
              <Title order={2} id={`group-${section.key}`} size="h3">
                {section.title}
              </Title>
              {section.intro && (
                <Text c="dimmed" mt={4} mb="md" maw={880}>
                  {section.intro}
                </Text>
              )}
            </div>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {section.items.map((s) => (
              <SatelliteCard key={s.slug} satellite={s} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
