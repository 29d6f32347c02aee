import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoiceCreditNotePath, PATHS } from '../../session/paths';
import { invoiceListQuery } from '../invoices/invoices.api';

/** Invoices a credit note can be raised against: any but a cancelled one. */
const CREDITABLE = 'generated,ready_to_ship,processed';

/**
 * /credit-notes/new: a credit note is always raised against one invoice, so its create page starts
 * by choosing that invoice, then continues on the invoice's Credit Note form.
 */
export function CreditNoteNewPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const mayAdd = canPerform(user, 'add_credit_note');
  const invoices = useQuery({
    ...invoiceListQuery(user.company.id, {
      limit: 20,
      offset: 0,
      // Once an invoice is chosen the box shows its label; that is not a search.
      search: chosen ? '' : search,
      ordering: '-invoice_date',
      status__in: CREDITABLE,
    }),
    enabled: mayAdd,
  });
  const found = (invoices.data?.results ?? []).map((invoice) => ({
    value: String(invoice.id),
    label: `${invoice.invoice_number} · ${invoice.buyer.name}`,
  }));
  const options = chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Stack gap="lg">
      <Title order={2}>Credit Note</Title>
      {!mayAdd ? (
        <Alert color="red" title={CREDIT_NOTE_MESSAGES.forbidden_create} />
      ) : (
        <Card withBorder padding="md" maw={560}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A credit note is raised against an invoice. Choose the invoice to credit.
            </Text>
            <Select
              label="Invoice"
              placeholder="Invoice number or buyer"
              searchable
              data={options}
              value={chosen?.value ?? null}
              onChange={(_, option) => setChosen(option ?? null)}
              searchValue={searchText}
              onSearchChange={setSearchText}
              filter={({ options: all }) => all}
              nothingFoundMessage={invoices.isFetching ? 'Loading…' : 'No invoice found'}
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate({ to: PATHS.creditNotes })}>
                Cancel
              </Button>
              <Button
                disabled={chosen === null}
                onClick={() => chosen && void navigate({ to: invoiceCreditNotePath(Number(chosen.value)) })}
              >
                Continue
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
