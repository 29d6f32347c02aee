import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { setupGuideQuery } from './setup-guide.api';
import { type GuideStep, guideSteps, progressText } from './setup-steps';

/** /onboarding: the Setup Guide, a checklist read from the company's real state. */
export function OnboardingPage() {
  const user = useCurrentUser();
  const guide = useQuery(setupGuideQuery(user.company.id));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Setup Guide</Title>
        <Text c="dimmed">
          Everything a first correct GST invoice needs, and whether {user.company.name} has it.
        </Text>
      </div>
      {guide.isPending && (
        <Stack gap="sm" aria-label="Loading the setup guide">
          <Skeleton height={24} />
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
      {guide.isError && (
        <LoadErrorAlert
          title="The setup guide could not be loaded."
          error={guide.error}
          onRetry={() => void guide.refetch()}
        />
      )}
      {guide.data && (
        <>
          <Card withBorder padding="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{progressText(guide.data.done_count, guide.data.total)}</Text>
              {guide.data.complete && (
                <Badge color="green" variant="light">
                  All set
                </Badge>
              )}
            </Group>
            <Progress
              value={(guide.data.done_count / guide.data.total) * 100}
              color={guide.data.complete ? 'green' : 'blue'}
              aria-label={`Setup progress: ${progressText(guide.data.done_count, guide.data.total)}`}
            />
          </Card>
          <List spacing="sm" listStyleType="none" aria-label="Setup steps">
            {guideSteps(guide.data, user).map((step) => (
              <List.Item key={step.key}>
                <StepCard step={step} />
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

function StepCard({ step }: { step: GuideStep }) {
  return (
    <Card withBorder padding="sm" aria-label={`${step.title}: ${step.done ? 'done' : 'not done'}`}>
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon
          color={step.done ? 'green' : 'gray'}
          variant={step.done ? 'filled' : 'light'}
          radius="xl"
          size="md"
          aria-hidden
        >
          {step.done ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{step.title}</Text>
            <Badge size="sm" variant="light" color={step.done ? 'green' : 'gray'}>
              {step.done ? 'Done' : 'Not done'}
            </Badge>
          </Group>
          <Text size="sm">{step.description}</Text>
          {!step.done && step.link && (
            <Anchor component={Link} to={step.link.to} size="sm" fw={600}>
              {step.link.label}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
