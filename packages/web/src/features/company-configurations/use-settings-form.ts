import { readSettings } from '@b2b/domain/company-configurations';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CompanyConfiguration,
  type ConfigurationType,
  useSaveConfiguration,
} from './company-configurations.api';

export interface SettingsFormProps {
  companyId: number;
  entry: CompanyConfiguration | undefined;
  canChange: boolean;
}

interface Options<S extends FieldValues> {
  companyId: number;
  type: ConfigurationType;
  entry: CompanyConfiguration | undefined;
  schema: z.ZodObject;
  defaults: S;
}

/**
 * The form of one type's settings, filled from the stored entry (and refilled when it changes);
 * Save sends the whole settings object of the type.
 */
export function useSettingsForm<S extends FieldValues>({
  companyId,
  type,
  entry,
  schema,
  defaults,
}: Options<S>) {
  const values = readSettings(schema, defaults, entry?.configurations);
  const save = useSaveConfiguration(companyId);
  const form = useForm<S>({
    mode: 'all',
    // The form keeps S (a number input may briefly hold ''); the schema checks it and submits S.
    resolver: zodResolver(schema) as unknown as Resolver<S>,
    values,
  });
  const submit = form.handleSubmit((settings) => save.mutate({ type, existing: entry, settings, defaults }));
  return { form, save, submit, discard: () => form.reset(values) };
}
