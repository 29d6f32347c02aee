import { Badge, Card, Group, Text, Title } from '@mantine/core';

/** Zoho Books: the accounting integration is not part of this installation, so nothing to set up. */
export function ZohoCard() {
  return (
    <Card withBorder padding="lg" aria-label="Zoho Books" component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <div>
          <Title order={3} fz="h4">
            Zoho Books
          </Title>
          <Text size="sm" c="dimmed">
            Accounting integration.
          </Text>
        </div>
        <Badge color="gray" variant="light" radius="sm" style={{ flex: 'none' }}>
          Not configured
        </Badge>
      </Group>
      <Text size="sm">The Zoho accounting integration is not available in this installation.</Text>
    </Card>
  );
}
