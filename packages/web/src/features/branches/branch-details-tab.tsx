import { BRANCH_HELP } from '@b2b/domain/api/branches';
import { Card, Stack, Switch, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { lockedSwitchStyles } from '../../components/switch-field';
import { type Branch, useSetRoundOff } from './branches.api';

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
          <DetailGrid>
            <DetailField label="Branch Name">{branch.name}</DetailField>
            <DetailField label="GSTIN">{branch.gstin}</DetailField>
            <DetailField label="Status">{branch.is_active ? 'Active' : 'Inactive'}</DetailField>
            <DetailField label="Contact Person Name">{branch.contact_person_name}</DetailField>
            <DetailField label="Contact Person Email">{branch.contact_person_email}</DetailField>
            <DetailField label="Contact Person Phone">{branch.contact_person_phone}</DetailField>
            <DetailField label="Contact User">{contactUser}</DetailField>
            <DetailField label="Created On">{dayjs(branch.created_at).format('DD/MM/YYYY')}</DetailField>
          </DetailGrid>
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={4}>Invoicing</Title>
          <DetailField label="Invoice Series">
            {branch.invoice_series
              ? `${branch.invoice_series} (invoice numbers ${branch.invoice_series}/YYYY/00001)`
              : null}
          </DetailField>
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
