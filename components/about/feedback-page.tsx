'use client';

import { Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { feedbackKeys } from '@/lib/client/queries/feedback';
import { FeedbackForm } from './feedback-form';
import { FeedbackList } from './feedback-list';

/** The feedback screen: the form beside the user's own feedback, which refreshes after each send. */
export function FeedbackPage({ userId }: { userId: string }) {
  const t = useTranslations('Feedback');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);

  return (
    <Container size={1200} py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text size="lg" mt="xs">
            {t('intro')}
          </Text>
        </div>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FeedbackForm
              draftKey={`feedback-draft:${userId}`}
              onSent={() => {
                setPage(1);
                void queryClient.invalidateQueries({ queryKey: feedbackKeys.all });
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FeedbackList page={page} onPage={setPage} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
