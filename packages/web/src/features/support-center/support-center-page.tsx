import { supportCenterInput } from '@b2b/domain/api/whatsapp-support';
import { WEEKDAYS } from '@b2b/domain/whatsapp-support';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type SupportCenter,
  type SupportCenterBody,
  supportCenterQuery,
  useSaveSupportCenter,
} from './support-center.api';

interface FormValues {
  phone: string;
  email: string;
  whatsapp_number: string;
  hours: { weekday: string; is_open: boolean; opens: string; closes: string }[];
  faqs: { question: string; answer: string }[];
}

const formValues = (center: SupportCenter): FormValues => ({
  phone: center.phone ?? '',
  email: center.email ?? '',
  whatsapp_number: center.whatsapp_number ?? '',
  hours: center.hours.map((day) => ({
    weekday: day.weekday,
    is_open: day.is_open,
    opens: day.opens ?? '',
    closes: day.closes ?? '',
  })),
  faqs: center.faqs.map((faq) => ({ ...faq })),
});

const WEEKDAY_LABELS = new Map<string, string>(WEEKDAYS.map((w) => [w.value, w.label]));

function SupportCenterForm({ center, companyId }: { center: SupportCenter; companyId: number }) {
  const user = useCurrentUser();
  const readOnly = !canPerform(user, 'change_marketing_configuration');
  const save = useSaveSupportCenter(companyId);
  const form = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(supportCenterInput) as unknown as Resolver<FormValues>,
    defaultValues: formValues(center),
  });
  const faqs = useFieldArray({ control: form.control, name: 'faqs' });
  const hours = useWatch({ control: form.control, name: 'hours' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (output) => {
    try {
      const saved = await save.mutateAsync(output as unknown as SupportCenterBody);
      form.reset(formValues(saved.support_center));
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors))
        if (messages[0]) form.setError(name as never, { type: 'server', message: messages[0] });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="lg">
          <Card withBorder padding="lg" component="section" aria-label="Support contacts">
            <Stack gap="sm">
              <Title order={3} size="h4">
                Support contacts
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextField control={form.control} name="phone" label="Phone" placeholder="10-digit number" />
                <TextField
                  control={form.control}
                  name="email"
                  label="E-mail"
                  placeholder="support@yourstore.in"
                />
                <TextField
                  control={form.control}
                  name="whatsapp_number"
                  label="WhatsApp number"
                  placeholder="10-digit number"
                />
              </SimpleGrid>
            </Stack>
          </Card>

          <Card withBorder padding="lg" component="section" aria-label="Support hours">
            <Stack gap="sm">
              <Title order={3} size="h4">
                Support hours
              </Title>
              {hours.map((day, index) => {
                const dayErrors = errors.hours?.[index];
                const label = WEEKDAY_LABELS.get(day.weekday) ?? day.weekday;
                return (
                  <Group key={day.weekday} gap="md" align="flex-start" wrap="wrap">
                    <Switch
                      label={label}
                      w={140}
                      mt={8}
                      checked={day.is_open}
                      onChange={(event) =>
                        form.setValue(`hours.${index}.is_open`, event.currentTarget.checked, {
                          shouldDirty: true,
                          shouldValidate: true,
                        })
                      }
                    />
                    {day.is_open ? (
                      <>
                        <TextInput
                          type="time"
                          aria-label={`${label} opens`}
                          {...form.register(`hours.${index}.opens`)}
                          error={dayErrors?.opens?.message}
                          w={140}
                        />
                        <Text mt={8}>to</Text>
                        <TextInput
                          type="time"
                          aria-label={`${label} closes`}
                          {...form.register(`hours.${index}.closes`)}
                          error={dayErrors?.closes?.message}
                          w={140}
                        />
                      </>
                    ) : (
                      <Text c="dimmed" mt={8}>
                        Closed
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Card>

          <Card withBorder padding="lg" component="section" aria-label="Frequently asked questions">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  Frequently asked questions
                </Title>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => faqs.append({ question: '', answer: '' })}
                  disabled={faqs.fields.length >= 50}
                >
                  Add question
                </Button>
              </Group>
              {faqs.fields.length === 0 && (
                <Text c="dimmed" size="sm">
                  No questions yet. Add the questions your buyers ask most, in the order they should read
                  them.
                </Text>
              )}
              {faqs.fields.map((field, index) => (
                <Card key={field.id} withBorder padding="sm" aria-label={`Question ${index + 1}`}>
                  <Stack gap="xs">
                    <Group align="flex-start" wrap="nowrap">
                      <TextInput
                        label={`Question ${index + 1}`}
                        {...form.register(`faqs.${index}.question`)}
                        error={errors.faqs?.[index]?.question?.message}
                        style={{ flex: 1 }}
                      />
                      <Group gap={4} mt={26} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move question ${index + 1} up`}
                          disabled={index === 0}
                          onClick={() => faqs.move(index, index - 1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move question ${index + 1} down`}
                          disabled={index === faqs.fields.length - 1}
                          onClick={() => faqs.move(index, index + 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove question ${index + 1}`}
                          onClick={() => faqs.remove(index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Group>
                    <Textarea
                      label="Answer"
                      autosize
                      minRows={2}
                      {...form.register(`faqs.${index}.answer`)}
                      error={errors.faqs?.[index]?.answer?.message}
                    />
                  </Stack>
                </Card>
              ))}
            </Stack>
          </Card>

          {!readOnly && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {center.updated_at
                  ? `Last saved ${dayjs(center.updated_at).format('DD/MM/YYYY HH:mm')}${
                      center.updated_by_name ? ` by ${center.updated_by_name}` : ''
                    }. Buyers see it in your store.`
                  : 'Buyers see these in your store once saved.'}
              </Text>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

/** /campaign-configuration/support-center: how buyers reach the company, when, and its FAQ. */
export function SupportCenterPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const center = useQuery(supportCenterQuery(companyId));
  return (
    <Stack gap="md">
      <Title order={2}>Support Center</Title>
      {center.isError ? (
        <LoadErrorAlert error={center.error} onRetry={() => center.refetch()} />
      ) : !center.data ? (
        <Skeleton height={400} />
      ) : (
        <SupportCenterForm key={String(center.data.updated_at)} center={center.data} companyId={companyId} />
      )}
    </Stack>
  );
}
