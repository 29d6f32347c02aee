import { Anchor, Card, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { setupGuideQuery } from './setup-guide.api';
import { progressText } from './setup-steps';

/**
 * The Setup Guide's progress with a link to it, until every step is done (then nothing): on
 * Home as a card, in the Settings panel as a line beside the Setup Guide link. A guide that
 * fails to load hides the hint rather than cluttering the screen around it.
 */
export function SetupProgress({
  variant,
  onNavigate,
}: {
  variant: 'card' | 'compact';
  onNavigate?: () => void;
}) {
  const user = useCurrentUser();
  const guide = useQuery(setupGuideQuery(user.company.id));
  if (guide.isPending)
    return variant === 'card' ? <Skeleton height={88} aria-label="Loading the setup guide" /> : null;
  if (!guide.data || guide.data.complete) return null;
  const { done_count: done, total } = guide.data;
  const label = `Setup Guide: ${progressText(done, total)}`;
  const bar = <Progress value={(done / total) * 100} size="sm" aria-label={label} />;
  if (variant === 'compact') {
    return (
      <Stack gap={4} px="sm">
        <Text size="xs">{progressText(done, total)}</Text>
        {bar}
      </Stack>
    );
  }
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <div>
          <Text fw={600}>Finish setting up {user.company.name}</Text>
          <Text size="sm">{label}</Text>
        </div>
        <Anchor component={Link} to={PATHS.onboarding} fw={600} onClick={onNavigate}>
          Open Setup Guide
        </Anchor>
      </Group>
      {bar}
    </Card>
  );
}
