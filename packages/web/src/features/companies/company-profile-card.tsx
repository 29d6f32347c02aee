import { formatAddress, NOT_APPLICABLE } from '@b2b/domain/money';
import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Company } from './companies.api';
import { CompanyLogoActions, CompanyLogoImage } from './company-logo';

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

export interface CompanyProfileCardProps {
  company: Company;
  /** change_company: the logo can be uploaded and deleted. */
  canChange: boolean;
}

export function CompanyProfileCard({ company, canChange }: CompanyProfileCardProps) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <CompanyLogoImage company={company} />
          <Stack gap={4} style={{ minWidth: 0 }} align="flex-start">
            <Title order={3} fz="h4">
              {company.name}
            </Title>
            <Badge color={company.is_verified ? 'teal' : 'yellow'} variant="light">
              {company.is_verified ? 'Verified' : 'Not verified'}
            </Badge>
            {canChange && <CompanyLogoActions company={company} />}
          </Stack>
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
      </Stack>
    </Card>
  );
}
