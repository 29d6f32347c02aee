import { Alert, Anchor, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorDetail } from '../../api/api-error';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { AppDownloadCard } from './app-download-card';
import { companyQuery } from './companies.api';
import { CompanyEditDialog } from './company-edit-dialog';
import { CompanyProfileCard } from './company-profile-card';
import { CompanySwitches } from './company-switches';
import { NotificationContactsCard } from './notification-contacts-card';
import { TdsConfigurationCard } from './tds-configuration-card';
import { TermsCard } from './terms-card';

/** /company: the company profile and logo, its switches, notification contacts and terms. */
export function CompanyPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_company');
  const company = useQuery(companyQuery(companyId));
  const [editing, edit] = useDisclosure(false);

  if (company.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label="Loading company" />
      </Center>
    );
  }
  if (company.isError) {
    return (
      <Alert color="red" title="Failed to load." role="alert">
        <Stack gap="xs" align="flex-start">
          {errorDetail(company.error)}
          <Button size="xs" variant="light" color="red" onClick={() => company.refetch()}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Company</Title>
        {canChange && (
          <Button leftSection={<IconEdit size={16} />} onClick={edit.open}>
            Edit Company
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CompanyProfileCard company={company.data} canChange={canChange} />
        <CompanySwitches company={company.data} canChange={canChange} />
      </SimpleGrid>
      <NotificationContactsCard company={company.data} canChange={canChange} />
      <TdsConfigurationCard company={company.data} canChange={canChange} />
      <TermsCard companyId={companyId} canChange={canChange} />
      <Text size="sm">
        Your terms and privacy policy are shown together on the{' '}
        <Anchor component={Link} to={PATHS.policy} underline="always" size="sm">
          Policy
        </Anchor>{' '}
        page.
      </Text>
      <AppDownloadCard companyId={companyId} canChange={canPerform(user, 'change_configuration')} />
      {editing && <CompanyEditDialog company={company.data} onClose={edit.close} />}
    </Stack>
  );
}
