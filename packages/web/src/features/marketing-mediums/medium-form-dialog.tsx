import { type MarketingMedium, MEDIUM_LABELS } from '@b2b/domain/api/marketing-mediums';
import { PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { type Medium, useSaveMedium } from './marketing-mediums.api';
import { initialMediumValues, MEDIUM_FIELDS, type MediumField, mediumBody } from './medium-fields';

/** Set up or edit one medium. Saved secrets are never shown: a blank secret keeps the saved one. */
export function MediumFormDialog({
  companyId,
  medium,
  platformMail,
  onClose,
}: {
  companyId: number;
  medium: Medium;
  platformMail: boolean;
  onClose: () => void;
}) {
  const kind: MarketingMedium = medium.medium;
  const [values, setValues] = useState(() => initialMediumValues(kind, medium.settings, platformMail));
  const [enabled, setEnabled] = useState(medium.updated_at ? medium.is_enabled : true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMedium(companyId);
  const fields = MEDIUM_FIELDS[kind].filter((field) => !field.when || field.when(values));

  const submit = () => {
    const missing = Object.fromEntries(
      fields
        .filter((f) => f.required && (values[f.key] ?? '').trim() === '')
        .filter((f) => f.kind !== 'secret' || !medium.secrets_set.includes(f.key))
        .map((f) => [f.key, `Please enter the ${f.label.replace(/ \(.*\)$/, '').toLowerCase()}.`]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(mediumBody(kind, values, enabled), {
      onSuccess: onClose,
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        else notifyFailure(`${MEDIUM_LABELS[kind]} settings were not saved.`, error);
      },
    });
  };

  const input = (field: MediumField) => {
    const common = {
      key: field.key,
      label: field.label,
      description: field.description,
      placeholder: field.placeholder,
      required: field.required && !(field.kind === 'secret' && medium.secrets_set.includes(field.key)),
      error: errors[field.key],
    };
    const set = (value: string) => setValues((v) => ({ ...v, [field.key]: value }));
    if (field.kind === 'select')
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={values[field.key] || null}
          onChange={(value) => set(value ?? '')}
          allowDeselect={false}
        />
      );
    if (field.kind === 'secret')
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          placeholder={medium.secrets_set.includes(field.key) ? 'Saved — leave blank to keep' : undefined}
          value={values[field.key]}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    return (
      <TextInput
        {...common}
        inputMode={field.kind === 'number' ? 'numeric' : undefined}
        value={values[field.key]}
        onChange={(e) => set(e.currentTarget.value)}
      />
    );
  };

  return (
    <FormDialog
      title={`${MEDIUM_LABELS[kind]} Settings`}
      submitLabel="Save"
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      {fields.map(input)}
      <Switch
        label={`Use ${MEDIUM_LABELS[kind]} for campaigns`}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}
