import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { useTestMedium } from './marketing-mediums.api';

/** A test SMS is a real one: Indian operators only deliver text that matches a DLT template. */
export function SmsTestDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const [values, setValues] = useState({ to: '', text: '', dlt_template_id: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const test = useTestMedium(companyId);
  const set = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () =>
    test.mutate(
      { medium: 'sms', body: values },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error);
          if (fieldErrors) setErrors(fieldErrors);
          else notifyFailure('The test SMS was not sent.', error);
        },
      },
    );

  return (
    <FormDialog
      title="Send a Test SMS"
      submitLabel="Send"
      pending={test.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Mobile number"
        required
        description="10 digits"
        value={values.to}
        onChange={(e) => set('to', e.currentTarget.value)}
        error={errors.to}
      />
      <Textarea
        label="Text"
        required
        autosize
        minRows={3}
        description="Exactly as registered on DLT, with the variables filled in"
        value={values.text}
        onChange={(e) => set('text', e.currentTarget.value)}
        error={errors.text}
      />
      <TextInput
        label="DLT template ID"
        required
        value={values.dlt_template_id}
        onChange={(e) => set('dlt_template_id', e.currentTarget.value)}
        error={errors.dlt_template_id}
      />
    </FormDialog>
  );
}
