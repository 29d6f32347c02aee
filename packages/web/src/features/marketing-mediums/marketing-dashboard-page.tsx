import { type MarketingMedium, MEDIUM_LABELS } from '@b2b/domain/api/marketing-mediums';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { MARKETING_NAVIGATION, type NavItem } from '@b2b/domain/navigation';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { navTarget } from '../../app/shell/nav-target';
import { builtOnly } from '../../app/shell/use-menu-items';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { marketingConfigurationQuery } from './marketing-mediums.api';

/** The marketing menu's medium groups and the medium each one's campaign links carry. */
const MEDIUM_GROUPS: readonly { title: string; medium: MarketingMedium }[] = [
  { title: 'WhatsApp', medium: 'whatsapp' },
  { title: 'Email', medium: 'email' },
  { title: 'SMS', medium: 'sms' },
  { title: 'Push Notification', medium: 'push_notification' },
];

const groupOf = (title: string): NavItem[] =>
  builtOnly(MARKETING_NAVIGATION.filter((item) => item.title === title)).flatMap(
    (item) => item.subMenu ?? [],
  );

/** The marketing menu's single links (Templates, Contacts...), built screens only. */
const QUICK_LINKS = builtOnly(
  MARKETING_NAVIGATION.filter(
    (item) => !item.subMenu && item.routerLink !== '/campaign-configuration/marketing',
  ),
);

/**
 * /campaign-configuration/marketing, the marketing-only app's home (spec 3): each medium with
 * whether it is connected and its campaign links (the menu's, with their campaignMedium), then
 * the contacts and templates a campaign needs.
 */
export function MarketingDashboardPage() {
  const user = useCurrentUser();
  const config = useQuery(marketingConfigurationQuery(user.company.id));
  const configured = (medium: MarketingMedium) =>
    config.data?.mediums.find((entry) => entry.medium === medium)?.configured === true;

  return (
    <Stack gap="lg">
      <Title order={2}>Marketing Dashboard</Title>
      {!user.company.is_marketing_enabled && (
        <Alert color="yellow" title="Marketing is off">
          {MARKETING_DISABLED_MESSAGE}
        </Alert>
      )}
      {config.isError && <LoadErrorAlert error={config.error} onRetry={() => config.refetch()} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {MEDIUM_GROUPS.map(({ title, medium }) => (
          <Card key={medium} withBorder padding="lg" component="section" aria-label={title}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} fz="h4">
                  {MEDIUM_LABELS[medium]}
                </Title>
                {config.isPending ? (
                  <Skeleton height={20} width={90} />
                ) : (
                  <Badge color={configured(medium) ? 'green' : 'gray'} variant="light" radius="sm">
                    {configured(medium) ? 'Connected' : 'Not connected'}
                  </Badge>
                )}
              </Group>
              <Stack gap={4}>
                {groupOf(title).map((item) => (
                  <Anchor
                    key={`${item.title}-${item.routerLink}`}
                    component={Link}
                    {...navTarget(item)}
                    size="sm"
                  >
                    {item.title}
                  </Anchor>
                ))}
              </Stack>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {QUICK_LINKS.length > 0 && (
        <Card withBorder padding="lg" component="section" aria-label="Audience and content">
          <Stack gap="sm">
            <Title order={3} fz="h4">
              Audience and content
            </Title>
            <Text size="sm" c="dimmed">
              The templates and contacts your campaigns send to.
            </Text>
            <Group gap="lg">
              {QUICK_LINKS.map((item) => (
                <Anchor key={item.title} component={Link} {...navTarget(item)} size="sm">
                  {item.title}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
