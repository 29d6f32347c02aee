import { LEAD_MESSAGES, LEAD_SOURCES, UTM_KEYS } from '@b2b/domain/api/leads';
import { LEAD_STATUSES } from '@b2b/domain/statuses';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconPencil, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { formatDay } from '../../components/format-day';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath, PATHS } from '../../session/paths';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadAddressesTab, LeadExposedInventoryTab, LeadTransactionsTab, LeadVisitsTab } from './lead-tabs';
import { type LeadDetail, leadQuery, useConvertLead } from './leads.api';
import { salesPersonName } from './leads-page';

const LEADS = { to: PATHS.leads, label: 'Leads' };
const sourceLabel = (value: string) => LEAD_SOURCES.find((s) => s.value === value)?.label ?? value;

function LeadDetailsTab({ lead }: { lead: LeadDetail }) {
  const utm = UTM_KEYS.filter((key) => lead[key]).map((key) => `${key}=${lead[key]}`);
  return (
    <DetailGrid>
      <DetailField label="Business Name">{lead.name}</DetailField>
      <DetailField label="Contact Person">{lead.contact_person_name}</DetailField>
      <DetailField label="Phone">{lead.phone}</DetailField>
      <DetailField label="E-mail">{lead.email}</DetailField>
      <DetailField label="GST Number">{lead.gst_number}</DetailField>
      <DetailField label="Source">{sourceLabel(lead.source)}</DetailField>
      <DetailField label="UTM">{utm.join('\n')}</DetailField>
      <DetailField label="Sales Person">{salesPersonName(lead.sales_person)}</DetailField>
      <DetailField label="Next Follow-up">
        {lead.next_follow_up_date ? formatDay(lead.next_follow_up_date) : null}
      </DetailField>
      <DetailField label="Notes">{lead.notes}</DetailField>
      {lead.buyer && (
        <DetailField label="Buyer">
          <Anchor component={Link} to={buyerPath(lead.buyer)} size="sm">
            Open the buyer
          </Anchor>
        </DetailField>
      )}
    </DetailGrid>
  );
}

function LeadScreen({ lead }: { lead: LeadDetail }) {
  const user = useCurrentUser();
  const open = lead.status !== 'converted';
  const canChange = canPerform(user, 'change_lead') && open;
  const canConvert = canChange && canPerform(user, 'add_buyer');
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const convert = useConvertLead(lead.id);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LEADS}
        title={lead.name}
        badges={<StatusBadge options={LEAD_STATUSES} value={lead.status} />}
        actions={
          <>
            {canChange && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                Edit Lead
              </Button>
            )}
            {canConvert && (
              <Button leftSection={<IconUserCheck size={16} />} onClick={() => setConverting(true)}>
                Convert to Buyer
              </Button>
            )}
            {lead.buyer && (
              <Button component={Link} to={buyerPath(lead.buyer)} variant="light">
                Open Buyer
              </Button>
            )}
          </>
        }
      />
      <DetailTabs
        tabs={[
          { value: 'details', label: 'Details', panel: <LeadDetailsTab lead={lead} /> },
          {
            value: 'addresses',
            label: 'Addresses',
            panel: <LeadAddressesTab lead={lead} canChange={canChange} />,
          },
          { value: 'visits', label: 'Visits', panel: <LeadVisitsTab lead={lead} canChange={canChange} /> },
          {
            value: 'transactions',
            label: 'Transactions',
            panel: <LeadTransactionsTab lead={lead} canChange={canPerform(user, 'change_lead')} />,
          },
          {
            value: 'exposed-inventory',
            label: 'Exposed Inventory',
            panel: <LeadExposedInventoryTab companyId={user.company.id} lead={lead} canChange={canChange} />,
          },
        ]}
      />
      {editing && (
        <LeadFormDialog companyId={user.company.id} lead={lead} onClose={() => setEditing(false)} />
      )}
      <ConfirmDialog
        opened={converting}
        title="Convert to Buyer"
        message={`${lead.name} becomes a buyer with this lead's addresses, GST number and contact person. A converted lead cannot be converted again.`}
        confirmLabel="Convert"
        color="green"
        loading={convert.isPending}
        onConfirm={() => convert.mutate(undefined, { onSettled: () => setConverting(false) })}
        onClose={() => setConverting(false)}
      />
    </Stack>
  );
}

/** /leads/{leadId}: the lead's details, addresses, visits, transactions and shared inventory. */
export function LeadDetailPage() {
  const id = useIdParam(PATHS.lead);
  const lead = useQuery({ ...leadQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={lead}
      list={LEADS}
      notFoundMessage={LEAD_MESSAGES.not_found}
      loadFailedTitle="Load Error"
      loadingLabel="Loading lead"
    >
      {(data) => <LeadScreen key={data.id} lead={data} />}
    </DetailLoader>
  );
}
