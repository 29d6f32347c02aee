import {
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { type MarketingSettings, marketingSettingsQuery, useSaveMarketingSettings } from './campaigns.api';

type Form = Omit<MarketingSettings, 'updated_at'>;

const RATES = [
  ['email_per_minute', 'E-mails per minute'],
  ['sms_per_minute', 'SMS per minute'],
  ['whatsapp_per_minute', 'WhatsApp messages per minute'],
  ['push_notification_per_minute', 'Push notifications per minute'],
] as const;

/** The company's sending rules on the configuration hub: quiet hours and per-medium rates. */
export function SendingRulesCard() {
  const user = useCurrentUser();
  const settings = useQuery(marketingSettingsQuery(user.company.id));
  const save = useSaveMarketingSettings(user.company.id);
  const canChange = canPerform(user, 'change_marketing_configuration');
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) {
      const { updated_at: _u, ...rest } = settings.data;
      setForm({
        ...rest,
        quiet_hours_start: rest.quiet_hours_start.slice(0, 5),
        quiet_hours_end: rest.quiet_hours_end.slice(0, 5),
      });
    }
  }, [settings.data]);
  const set = (change: Partial<Form>) => {
    setForm((f) => (f ? { ...f, ...change } : f));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in change))));
  };

  return (
    <Card withBorder padding="lg" component="section" aria-label="Sending rules">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Sending rules
        </Title>
        <Text size="sm" c="dimmed">
          Promotional SMS and WhatsApp messages wait for the end of the quiet hours (Indian time); reminders
          about a buyer's own account go at any hour. Each medium sends at most its rate.
        </Text>
        {settings.isError ? (
          <LoadErrorAlert
            error={settings.error}
            onRetry={() => settings.refetch()}
            title="Failed to load the sending rules."
          />
        ) : !form ? (
          <Skeleton height={120} aria-label="Loading the sending rules" />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(form, {
                onError: (error) => {
                  const fields = serverFieldErrors(error);
                  if (fields) setErrors(fields);
                  else if (!isApiError(error) || error.status !== 403)
                    notifyFailure('The sending rules were not saved.', error);
                },
              });
            }}
          >
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
                <TextInput
                  type="time"
                  label="Quiet hours from (IST)"
                  value={form.quiet_hours_start}
                  onChange={(e) => set({ quiet_hours_start: e.currentTarget.value })}
                  error={errors.quiet_hours_start}
                  disabled={!canChange}
                />
                <TextInput
                  type="time"
                  label="Quiet hours to (IST)"
                  value={form.quiet_hours_end}
                  onChange={(e) => set({ quiet_hours_end: e.currentTarget.value })}
                  error={errors.quiet_hours_end}
                  disabled={!canChange}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                {RATES.map(([key, label]) => (
                  <NumberInput
                    key={key}
                    label={label}
                    min={1}
                    max={100000}
                    allowDecimal={false}
                    thousandSeparator=","
                    value={form[key]}
                    onChange={(v) => set({ [key]: typeof v === 'number' ? v : 0 } as Partial<Form>)}
                    error={errors[key]}
                    disabled={!canChange}
                  />
                ))}
              </SimpleGrid>
              {canChange && (
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    Save sending rules
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
