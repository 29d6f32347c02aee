import { TDS_MESSAGES, TDS_SECTIONS, tdsConfigurationOf } from '@b2b/domain/payments-made';
import { Badge, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { type Company, companyKeys } from './companies.api';

/**
 * The company's TDS configuration (issue 19): whether payments made deduct TDS, under which
 * section, at what rate, above what threshold of a seller's payments in the financial year.
 * Saved with PATCH companies/{id}; the spec's toasts.
 */
export function TdsConfigurationCard({ company, canChange }: { company: Company; canChange: boolean }) {
  const stored = company.tds_configuration ?? {};
  const active = tdsConfigurationOf(stored);
  const [enabled, setEnabled] = useState(stored.enabled === true);
  const [section, setSection] = useState<string | null>(
    typeof stored.section === 'string' ? stored.section : '194C',
  );
  const [rate, setRate] = useState<number | string>(typeof stored.rate === 'number' ? stored.rate : '');
  const [threshold, setThreshold] = useState<number | string>(
    typeof stored.threshold === 'number' ? stored.threshold : 0,
  );
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.patch<Company>(`companies/${company.id}`, { tds_configuration: body }),
    meta: { successMessage: TDS_MESSAGES.updated, errorMessage: TDS_MESSAGES.update_failed },
    onSettled: () => client.invalidateQueries({ queryKey: companyKeys.detail(company.id) }),
  });

  const submit = () => {
    setError(null);
    const r = Number(rate);
    if (enabled && (rate === '' || !(r > 0 && r <= 100))) {
      setError(TDS_MESSAGES.rate);
      return;
    }
    save.mutate({
      enabled,
      section: section ?? '194C',
      ...(rate === '' ? {} : { rate: r }),
      threshold: Number(threshold) || 0,
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz="h4">
            TDS Configuration
          </Title>
          <Badge color={active ? 'green' : 'gray'} variant="light">
            {active ? `${active.section} at ${active.ratePercent}%` : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Payments made to sellers deduct TDS at this rate on the bills’ taxable value (GST left out), rounded
          to the rupee, once a seller’s payments in the financial year pass the threshold.
        </Text>
        {canChange && (
          <>
            <Switch
              label="Deduct TDS on payments made"
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label="Section"
                data={TDS_SECTIONS.map((s) => ({ value: s, label: s }))}
                value={section}
                onChange={setSection}
                allowDeselect={false}
                miw={120}
              />
              <NumberInput
                label="Rate (%)"
                min={0}
                max={100}
                decimalScale={2}
                value={rate}
                onChange={setRate}
                error={error}
                miw={120}
              />
              <NumberInput
                label="Threshold (₹)"
                min={0}
                decimalScale={2}
                thousandSeparator=","
                thousandsGroupStyle="lakh"
                value={threshold}
                onChange={setThreshold}
                miw={140}
              />
            </Group>
            <Group justify="flex-end">
              <Button onClick={submit} loading={save.isPending}>
                Save TDS Configuration
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
