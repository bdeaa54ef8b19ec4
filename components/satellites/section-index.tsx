import { Container, Paper, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/ui/anchor-link';
import { breadcrumbList, JsonLd } from './json-ld';

export interface SectionIndexCard {
  href: string;
  title: string;
  text: string;
}

interface Props {
  title: string;
  intro: string;
  /** The index's absolute address, for its breadcrumb. */
  url: string;
  /** Shown under the introduction, e.g. a demo-data notice. */
  notice?: ReactNode;
  cards: readonly SectionIndexCard[];
}

/** The index page of a satellite section (analyses, typical images): a heading, an introduction and a card per page. */
export function SectionIndex({ title, intro, url, notice, cards }: Props) {
  return (
    <Container size={1200} py="xl">
      <JsonLd data={breadcrumbList([{ name: title, url }])} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text size="lg" mt="xs" maw={880}>
            {intro}
          </Text>
          {notice}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {cards.map((card) => (
            <li key={card.href}>
              <Paper withBorder radius="md" p="md" h="100%">
                <Title order={2} size="h4">
                  <AnchorLink href={card.href} c="inherit">
                    {card.title}
                  </AnchorLink>
                </Title>
                <Text size="sm" mt="xs">
                  {card.text}
                </Text>
              </Paper>
            </li>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
