import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { TaxNameDialog } from './tax-name-dialog';
import { TaxTable } from './tax-table';
import type { Tax } from './taxes.api';

/** /taxes: the company's GST and cess rates, renamed and switched on or off with change_tax. */
export function TaxesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_tax');
  const [editing, setEditing] = useState<Tax | null>(null);

  return (
    <Stack gap="lg">
      <Title order={2}>Taxes</Title>
      {!canChange && <ReadOnlyNotice thing="taxes" />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TaxTable companyId={companyId} type="gst" canChange={canChange} onEdit={setEditing} />
        <TaxTable companyId={companyId} type="cess" canChange={canChange} onEdit={setEditing} />
      </SimpleGrid>
      {editing && <TaxNameDialog companyId={companyId} tax={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
