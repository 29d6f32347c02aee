import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { shipmentIntegrationsQuery } from './shipments.api';

/**
 * /shipment-integrations (settings panel): the courier integration the server is configured with.
 * Integrations are set up on the server (SHIPMENT_CARRIER_URL); without one, shipments are
 * self-delivery or another carrier, with tracking entered by hand.
 */
export function ShipmentIntegrationsPage() {
  const user = useCurrentUser();
  const integrations = useQuery(shipmentIntegrationsQuery(user.company.id));
  return (
    <Stack gap="lg">
      <Title order={2}>Shipment Integrations</Title>
      {integrations.error ? (
        <LoadErrorAlert
          error={integrations.error}
          onRetry={() => integrations.refetch()}
          title="Failed to load Shipment Integrations"
        />
      ) : !integrations.data ? (
        <Text c="dimmed" aria-busy="true">
          Loading…
        </Text>
      ) : integrations.data.configured ? (
        <Card withBorder padding="md">
          <Text mb="sm">{integrations.data.detail}</Text>
          <Table aria-label="Shipment integrations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Carrier</Table.Th>
                <Table.Th>Code</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {integrations.data.results.map((carrier) => (
                <Table.Tr key={carrier.code}>
                  <Table.Td>{carrier.name}</Table.Td>
                  <Table.Td>{carrier.code}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ) : (
        <Alert color="gray" title="No integration configured">
          {integrations.data.detail}
        </Alert>
      )}
    </Stack>
  );
}
