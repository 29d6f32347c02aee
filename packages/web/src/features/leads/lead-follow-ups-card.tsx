import { Anchor, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../session/paths';
import { leadFollowUpsQuery } from './leads.api';

/**
 * The home page's card of the day's lead follow-ups (the user's own leads, every lead with
 * view_all_leads): due today and overdue, linking to the list filtered to them. Nothing due, no card.
 */
export function LeadFollowUpsCard({ companyId }: { companyId: number }) {
  const counts = useQuery(leadFollowUpsQuery(companyId));
  const due = counts.data;
  if (!due || due.due_today + due.overdue === 0) return null;
  return (
    <Anchor component={Link} to={PATHS.leads} search={{ due: 'true' } as never} underline="never" c="inherit">
      <Card withBorder padding="md" aria-label="Lead follow-ups">
        <Group wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="yellow">
            <IconCalendarEvent />
          </ThemeIcon>
          <div>
            <Text fw={600}>
              {due.due_today === 1
                ? '1 lead follow-up due today'
                : `${due.due_today} lead follow-ups due today`}
            </Text>
            {due.overdue > 0 && (
              <Text size="sm" c="red">
                {due.overdue} overdue
              </Text>
            )}
          </div>
        </Group>
      </Card>
    </Anchor>
  );
}
