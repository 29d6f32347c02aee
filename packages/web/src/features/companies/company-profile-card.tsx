import { formatAddress, NOT_APPLICABLE } from '@b2b/domain/money';
import { Avatar, Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Company } from './companies.api';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || NOT_APPLICABLE}</Text>
    </div>
  );
}

export function CompanyProfileCard({ company }: { company: Company }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={company.logo} size={56} radius="md" color="indigo" alt={`${company.name} logo`}>
            {company.name.charAt(0).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="h4">
              {company.name}
            </Title>
            <Badge color={company.is_verified ? 'teal' : 'yellow'} variant="light">
              {company.is_verified ? 'Verified' : 'Not verified'}
            </Badge>
          </div>
        </Group>
        <SimpleGrid cols={2} spacing="md">
          <Field label="Display Name" value={company.display_name} />
          <Field label="GSTIN" value={company.gstin} />
          <Field label="Email" value={company.email} />
          <Field label="Phone" value={company.phone} />
          {company.website !== undefined && <Field label="Website" value={company.website} />}
        </SimpleGrid>
        {company.addresses && company.addresses.length > 0 && (
          <>
            <Divider label="Addresses" labelPosition="left" />
            {company.addresses.map((address) => (
              <Text key={address.id} size="sm">
                {formatAddress(address)}, {address.city}, {address.state.name} {address.pincode}
              </Text>
            ))}
          </>
        )}
        {company.notification_contacts.length > 0 && (
          <>
            <Divider label="Notification contacts" labelPosition="left" />
            {company.notification_contacts.map((contact) => (
              <Text key={contact.id} size="sm">
                {contact.name}
                {contact.email ? ` · ${contact.email}` : ''}
                {contact.phone ? ` · ${contact.phone}` : ''}
              </Text>
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}
