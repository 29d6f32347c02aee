import { BI_ACTION_STATUSES, type BiAction, type BiSection } from '@b2b/domain/api/business-intelligence';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconCheck,
  IconCircleCheck,
  IconExternalLink,
  IconEyeOff,
  IconPhoneCall,
  IconRotate,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import { BiError, BiFrame, BiLoading, formatFigure } from './bi-parts';
import { insightsQuery, useMarkAction, usePerformAction } from './business-intelligence.api';

const SEVERITY_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;
const SEVERITY_LABEL = { high: 'Do today', medium: 'This week', low: 'When you can' } as const;

/** The address an action's link opens, with its prefill parameters. */
export function actionHref(action: Extract<BiAction['do'], { kind: 'link' }>): string {
  const search = new URLSearchParams(action.search).toString();
  return search ? `${action.path}?${search}` : action.path;
}

function ActionCard({ action, section }: { action: BiAction; section: BiSection }) {
  const user = useCurrentUser();
  const mark = useMarkAction(user.company.id, section);
  const perform = usePerformAction(user.company.id, section);
  const busy = mark.isPending || perform.isPending;
  const status = BI_ACTION_STATUSES.find((s) => s.value === action.status);
  const open = action.status === 'open';
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-label={action.title}
      opacity={open ? 1 : 0.75}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <ThemeIcon variant="light" color={open ? SEVERITY_COLOR[action.severity] : 'gray'} radius="xl">
              {open ? <IconBell size={16} /> : <IconCircleCheck size={16} />}
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={3} size="h5">
                {action.title}
              </Title>
              <Text size="sm" c="dimmed">
                {action.detail}
              </Text>
            </Stack>
          </Group>
          <Badge color={open ? SEVERITY_COLOR[action.severity] : status?.color} variant="light">
            {open ? SEVERITY_LABEL[action.severity] : status?.label}
          </Badge>
        </Group>
        <Group gap="xl">
          {action.figures.map((f) => (
            <Stack key={f.label} gap={0}>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text fw={700}>{formatFigure(f.value, f.unit)}</Text>
            </Stack>
          ))}
        </Group>
        {action.subjects.length > 0 && (
          <List size="sm" spacing={2}>
            {action.subjects.map((s) => (
              <List.Item key={`${s.id}-${s.name}`}>
                <Text span size="sm" fw={500}>
                  {s.name}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' '}
                  · {formatFigure(s.value, s.unit)} · {s.note}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {!open && action.marked_at && (
          <Text size="xs" c="dimmed">
            {status?.label} by {action.marked_by ?? 'someone'} on{' '}
            {new Date(action.marked_at).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}
          </Text>
        )}
        <Group gap="xs">
          {open && action.do.kind === 'link' && (
            <Button component={Link} to={actionHref(action.do)} leftSection={<IconExternalLink size={16} />}>
              {action.do.label}
            </Button>
          )}
          {open && action.do.kind === 'notify' && (
            <Button
              leftSection={
                action.key === 'buyer.call_lapsed' ? <IconPhoneCall size={16} /> : <IconBell size={16} />
              }
              loading={perform.isPending}
              disabled={busy}
              onClick={() => perform.mutate(action.key)}
            >
              {action.do.label}
            </Button>
          )}
          {open ? (
            <>
              <Button
                variant="light"
                color="teal"
                leftSection={<IconCheck size={16} />}
                disabled={busy}
                loading={mark.isPending && mark.variables?.status === 'done'}
                onClick={() => mark.mutate({ key: action.key, status: 'done' })}
              >
                Mark as done
              </Button>
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconEyeOff size={16} />}
                disabled={busy}
                loading={mark.isPending && mark.variables?.status === 'dismissed'}
                onClick={() => mark.mutate({ key: action.key, status: 'dismissed' })}
              >
                Dismiss
              </Button>
            </>
          ) : (
            <Button
              variant="subtle"
              leftSection={<IconRotate size={16} />}
              disabled={busy}
              onClick={() => mark.mutate({ key: action.key, status: 'open' })}
            >
              Reopen
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function InsightsPage({ section }: { section: BiSection }) {
  const user = useCurrentUser();
  const query = useQuery(insightsQuery(user.company.id, section));
  const actions = query.data?.actions ?? [];
  const open = actions.filter((a) => a.status === 'open').length;
  return (
    <BiFrame section={section} insights windows={query.data?.windows}>
      {query.isPending ? (
        <BiLoading />
      ) : query.isError ? (
        <BiError error={query.error} onRetry={() => void query.refetch()} />
      ) : actions.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <ThemeIcon size="xl" radius="xl" color="teal" variant="light">
              <IconCircleCheck />
            </ThemeIcon>
            <Text fw={600}>Nothing to act on here today</Text>
            <Text size="sm" c="dimmed" ta="center">
              None of this section's flags is raised for the last 30 days. The page checks again each time it
              opens.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {open} open of {actions.length}. Done and dismissed actions are remembered for {query.data.period}
            ; one that still holds comes back next month.
          </Text>
          <SimpleGrid cols={{ base: 1, xl: 2 }}>
            {actions.map((action) => (
              <ActionCard key={action.key} action={action} section={section} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </BiFrame>
  );
}

export const BusinessInsightsPage = () => <InsightsPage section="business-performance" />;
export const BuyerInsightsPage = () => <InsightsPage section="buyer-performance" />;
export const ProductInsightsPage = () => <InsightsPage section="product-performance" />;
export const InventoryInsightsPage = () => <InsightsPage section="inventory-performance" />;
export const SalesInsightsPage = () => <InsightsPage section="sales-performance" />;
