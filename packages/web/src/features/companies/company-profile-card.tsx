import { formatAddress } from '@b2b/domain/money';
import { Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DetailField } from '../../components/detail-field';
import type { Company } from './companies.api';
import { CompanyLogoActions, CompanyLogoImage } from './company-logo';

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
          <DetailField label="Display Name">{company.display_name}</DetailField>
          <DetailField label="GSTIN">{company.gstin}</DetailField>
          <DetailField label="Email">{company.email}</DetailField>
          <DetailField label="Phone">{company.phone}</DetailField>
          {company.website !== undefined && <DetailField label="Website">{company.website}</DetailField>}
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
