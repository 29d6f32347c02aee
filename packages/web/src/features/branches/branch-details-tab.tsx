import { BRANCH_HELP } from '@b2b/domain/api/branches';
import { NOT_APPLICABLE } from '@b2b/domain/money';
import { Card, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { lockedSwitchStyles } from '../../components/switch-field';
import { type Branch, useSetRoundOff } from './branches.api';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_APPLICABLE}
      </Text>
    </Stack>
  );
}

/** The branch's fields and its round-off switch. */
export function BranchDetailsTab({ branch, canChange }: { branch: Branch; canChange: boolean }) {
  const roundOff = useSetRoundOff();
  const pending = roundOff.isPending ? roundOff.variables?.enabled : undefined;
  const enabled = pending ?? branch.round_off_enabled;
  const contactUser = branch.user ? `${branch.user.first_name} ${branch.user.last_name}`.trim() : null;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={4}>Details</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Field label="Branch Name" value={branch.name} />
            <Field label="GSTIN" value={branch.gstin} />
            <Field label="Status" value={branch.is_active ? 'Active' : 'Inactive'} />
            <Field label="Contact Person Name" value={branch.contact_person_name} />
            <Field label="Contact Person Email" value={branch.contact_person_email} />
            <Field label="Contact Person Phone" value={branch.contact_person_phone} />
            <Field label="Contact User" value={contactUser} />
            <Field label="Created On" value={dayjs(branch.created_at).format('DD/MM/YYYY')} />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={4}>Invoicing</Title>
          <Switch
            label="Round Off"
            description={BRANCH_HELP.roundOff}
            checked={enabled}
            disabled={!canChange || pending !== undefined}
            styles={!canChange ? lockedSwitchStyles(enabled) : undefined}
            onChange={(event) => roundOff.mutate({ id: branch.id, enabled: event.currentTarget.checked })}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
