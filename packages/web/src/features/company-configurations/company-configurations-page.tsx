import {
  AUTO_CANCEL_DEFAULTS,
  BATCH_DEFAULTS,
  PRINT_DEFAULTS,
  TERMS_DEFAULTS,
} from '@b2b/domain/company-configurations';
import { E_WAY_BILL_DEFAULTS } from '@b2b/domain/eway-bill';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { EWayBillSettingsForm } from '../e-way-bills/e-way-bill-settings-form';
import { AutoCancelSettingsForm } from './auto-cancel-settings-form';
import { BatchSettingsForm } from './batch-settings-form';
import { type ConfigurationType, configurationListQuery } from './company-configurations.api';
import { ConfigurationCard } from './configuration-card';
import { PrintSettingsForm } from './print-settings-form';
import { TermsSettingsForm } from './terms-settings-form';
import { ZohoCard } from './zoho-card';

/** /configurations: one card per configuration type, each switched on or off and set up on its own. */
export function CompanyConfigurationsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_configuration');
  const configurations = useQuery(configurationListQuery(companyId));

  if (configurations.isPending) {
    return (
      <Stack gap="lg">
        <Title order={2}>Configurations</Title>
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading configurations"
        >
          {[0, 1, 2, 3].map((card) => (
            <Card key={card} withBorder padding="lg">
              <Skeleton height={20} width="50%" mb="sm" />
              <Skeleton height={12} width="80%" mb="lg" />
              <Skeleton height={36} />
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (configurations.isError) {
    return (
      <Stack gap="lg">
        <Title order={2}>Configurations</Title>
        <LoadErrorAlert
          title="Failed to load configurations."
          error={configurations.error}
          onRetry={() => configurations.refetch()}
        />
      </Stack>
    );
  }

  const entryOf = (type: ConfigurationType) =>
    configurations.data.find((entry) => entry.configuration_type === type);
  const card = { companyId, canChange };

  return (
    <Stack gap="lg">
      <Title order={2}>Configurations</Title>
      {!canChange && <ReadOnlyNotice thing="configurations" />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ConfigurationCard
          {...card}
          type="batch_configuration"
          title="Batch Configuration"
          description="Track stock in batches with their expiry dates."
          entry={entryOf('batch_configuration')}
          defaults={BATCH_DEFAULTS}
        >
          <BatchSettingsForm {...card} entry={entryOf('batch_configuration')} />
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="print_configuration"
          title="Print Configuration"
          description="How invoices and other documents are printed."
          entry={entryOf('print_configuration')}
          defaults={PRINT_DEFAULTS}
        >
          <PrintSettingsForm {...card} entry={entryOf('print_configuration')} />
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="auto_cancel_partially_invoiced_orders"
          title="Auto-cancel Partially Invoiced Orders"
          description="Cancels what is left of a partially invoiced sales order after some days."
          entry={entryOf('auto_cancel_partially_invoiced_orders')}
          defaults={AUTO_CANCEL_DEFAULTS}
        >
          <AutoCancelSettingsForm {...card} entry={entryOf('auto_cancel_partially_invoiced_orders')} />
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="terms_and_conditions"
          title="Terms and Conditions"
          description="The company's terms and conditions on its documents."
          entry={entryOf('terms_and_conditions')}
          defaults={TERMS_DEFAULTS}
        >
          <TermsSettingsForm {...card} entry={entryOf('terms_and_conditions')} />
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="e_way_bill"
          title="E-way Bills"
          description="The goods value above which a document needs an e-way bill."
          entry={entryOf('e_way_bill')}
          defaults={E_WAY_BILL_DEFAULTS}
        >
          <EWayBillSettingsForm {...card} entry={entryOf('e_way_bill')} />
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="back_dated_invoices"
          title="Back-dated Invoices"
          description="Allows an invoice or credit note dated before the last one of its series."
          entry={entryOf('back_dated_invoices')}
          defaults={{}}
        >
          <Text size="sm">
            While this is off, each series stays in date order: a new invoice or credit note cannot be dated
            before the last one of its series.
          </Text>
        </ConfigurationCard>
        <ConfigurationCard
          {...card}
          type="lock_filed_gst_periods"
          title="Lock Filed GST Periods"
          description="Keeps the documents of a GST return marked filed as they were reported."
          entry={entryOf('lock_filed_gst_periods')}
          defaults={{}}
          enabledWhenUnset
        >
          <Text size="sm">
            While this is on, an invoice, credit note or delivery challan dated in a month whose GSTR-1 or
            GSTR-3B is marked filed cannot be issued, edited or cancelled until the period is reopened.
          </Text>
        </ConfigurationCard>
        <ZohoCard />
      </SimpleGrid>
    </Stack>
  );
}
