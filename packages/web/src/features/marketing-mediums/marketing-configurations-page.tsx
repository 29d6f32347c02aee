import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isBuiltPath } from '../../app/route-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { SendingRulesCard } from '../campaigns/sending-rules-card';
import { marketingConfigurationQuery } from './marketing-mediums.api';

/** The marketing settings that exist, each a card that opens its screen. */
const SECTIONS = [
  {
    path: PATHS.configureMediums,
    title: 'Campaign Mediums',
    text: 'E-mail, SMS, WhatsApp and push: connect them before a campaign can use them.',
  },
  {
    path: PATHS.contactImport,
    title: 'Import Contacts',
    text: 'Bring contacts in from a CSV, with consent per medium.',
  },
  {
    path: PATHS.supportCenter,
    title: 'Support Center',
    text: 'Your support phone, e-mail, WhatsApp, hours and FAQ, shown to buyers in your store.',
  },
  {
    path: PATHS.webStores,
    title: 'Sales Channels',
    text: 'The web stores and apps whose buyers receive push notifications and cart reminders.',
  },
] as const;

/** /campaign-configuration: the marketing area's settings at a glance. */
export function MarketingConfigurationsPage() {
  const user = useCurrentUser();
  const config = useQuery(marketingConfigurationQuery(user.company.id));
  const mediums = config.data?.mediums ?? [];

  return (
    <Stack gap="lg">
      <Title order={2}>Configurations</Title>
      <Card withBorder padding="lg" component="section" aria-label="Mediums">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4">
              Mediums
            </Title>
            <Anchor component={Link} to={PATHS.configureMediums} size="sm">
              Configure Mediums
            </Anchor>
          </Group>
          {config.isError ? (
            <LoadErrorAlert error={config.error} onRetry={() => config.refetch()} />
          ) : config.isLoading ? (
            <Skeleton height={28} />
          ) : (
            <Group gap="xs">
              {mediums.map((medium) => (
                <Badge
                  key={medium.medium}
                  color={medium.configured ? 'green' : 'gray'}
                  variant="light"
                  radius="sm"
                >
                  {medium.label}: {medium.configured ? 'Ready' : 'Not configured'}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SECTIONS.filter((section) => isBuiltPath(section.path)).map((section) => (
          <Card key={section.path} withBorder padding="lg" component="section" aria-label={section.title}>
            <Stack gap={6}>
              <Anchor component={Link} to={section.path} fw={600}>
                {section.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {section.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <SendingRulesCard />
    </Stack>
  );
}
