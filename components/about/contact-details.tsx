import { Alert, Container, Paper, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';

/**
 * Contact details: the same demo data as the footer, set in messages until a deployment replaces it. Static content,
 * rendered on the server with Mantine's markup and none of its script (issue 32.5).
 */
export function ContactDetails() {
  const t = useTranslations('ContactPage');
  const footer = useTranslations('Footer');
  const blocks = [
    { title: t('officesTitle'), lines: [footer('beijingOffice'), footer('serviceOffice')] },
    { title: t('phonesTitle'), lines: [footer('servicePhone'), footer('techPhone')] },
    { title: t('emailTitle'), lines: [t('serviceEmail'), t('techEmail')] },
    { title: t('hoursTitle'), lines: [t('hours')] },
  ];
  return (
    <Container size={1200} py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <Text size="lg">{t('intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {blocks.map((block) => (
            <Paper key={block.title} withBorder radius="md" p="lg" component="section">
              <Title order={2} size="h4" mb="sm">
                {block.title}
              </Title>
              {block.lines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Paper>
          ))}
        </SimpleGrid>
        <Alert color="gray">{footer('demoContacts')}</Alert>
        <Text c="dimmed">{t('feedbackHint')}</Text>
      </Stack>
    </Container>
  );
}
