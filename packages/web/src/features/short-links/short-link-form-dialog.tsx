import { UTM_KEYS, type UtmKey } from '@b2b/domain/short-links';
import { FileInput, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { type ShortLink, type ShortLinkBody, useSaveShortLink } from './short-links.api';

const UTM_LABELS: Record<UtmKey, string> = {
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
};

type Form = Record<'target_url' | 'domain' | 'path' | 'expiry_date' | UtmKey, string> & {
  is_active: boolean;
  is_permanent: boolean;
};

const formOf = (link?: ShortLink): Form => ({
  target_url: link?.target_url ?? '',
  domain: link?.domain ?? '',
  path: link?.path ?? '',
  expiry_date: link?.expiry_date ?? '',
  utm_source: link?.utm_source ?? '',
  utm_medium: link?.utm_medium ?? '',
  utm_campaign: link?.utm_campaign ?? '',
  utm_term: link?.utm_term ?? '',
  utm_content: link?.utm_content ?? '',
  is_active: link?.is_active ?? true,
  is_permanent: link?.is_permanent ?? false,
});

/**
 * Create a short link or edit one: the target, the domain (blank: the app's own), the path
 * (blank: generated), the UTM parameters, the expiry day, the favicon, and the switches. The
 * server checks every field; its messages show under the fields.
 */
export function ShortLinkFormDialog({
  companyId,
  link,
  onClose,
  onSaved,
}: {
  companyId: number;
  link?: ShortLink;
  onClose: () => void;
  onSaved?: (link: ShortLink) => void;
}) {
  const [form, setForm] = useState<Form>(() => formOf(link));
  const [favicon, setFavicon] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveShortLink(companyId);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.target_url.trim() === '') {
      setErrors({ target_url: 'This field is required.' });
      return;
    }
    if (favicon && !/\.ico$/i.test(favicon.name)) {
      setErrors({ file: 'Please choose an .ico file.' });
      return;
    }
    const body: ShortLinkBody = { ...form };
    save.mutate(
      { id: link?.id, body, favicon },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setErrors(fields);
          else notifyFailure('The short link was not saved.', error);
        },
      },
    );
  };

  const text = (key: Exclude<keyof Form, 'is_active' | 'is_permanent'>, label: string, extra = {}) => (
    <TextInput
      label={label}
      value={form[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      {...extra}
    />
  );

  return (
    <FormDialog
      title={link ? 'Edit Short Link' : 'Create Short Link'}
      submitLabel={link ? 'Save' : 'Create Short Link'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      {text('target_url', 'Target URL', { required: true, placeholder: 'https://shop.example.in/offers' })}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('domain', 'Domain', {
          placeholder: 'Leave empty for this app’s domain',
          description: 'Your own domain pointed at this app, without http, https or www.',
        })}
        {text('path', 'Custom path', {
          placeholder: 'Generated when empty',
          description: 'Lowercase letters, digits, _ and -.',
        })}
      </SimpleGrid>
      <Text fw={500} size="sm">
        UTM parameters
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {UTM_KEYS.map((key) => (
          <div key={key}>{text(key, UTM_LABELS[key])}</div>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('expiry_date', 'Expiry date', { type: 'date', description: 'The last day the link works.' })}
        <FileInput
          label="Favicon"
          description=".ico file, at most 64 KB"
          accept=".ico,image/x-icon,image/vnd.microsoft.icon"
          clearable
          value={favicon}
          onChange={(file) => {
            setFavicon(file);
            setErrors(({ file: _, ...rest }) => rest);
          }}
          error={errors.file}
          placeholder={link?.favicon_url ? 'Replace the favicon' : 'Choose a file'}
        />
      </SimpleGrid>
      <Group>
        <Switch
          label="Active"
          checked={form.is_active}
          onChange={(e) => set('is_active', e.currentTarget.checked)}
        />
        <Switch
          label="Permanent redirect (301)"
          checked={form.is_permanent}
          onChange={(e) => set('is_permanent', e.currentTarget.checked)}
        />
      </Group>
      {errors.non_field_errors && (
        <Text c="red" size="sm">
          {errors.non_field_errors}
        </Text>
      )}
    </FormDialog>
  );
}
