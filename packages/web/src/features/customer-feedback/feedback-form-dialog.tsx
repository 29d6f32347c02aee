import { feedbackFormCreate } from '@b2b/domain/api/customer-feedback';
import { FEEDBACK_LIMITS, QUESTION_KINDS, type QuestionKind } from '@b2b/domain/customer-feedback';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { type FeedbackForm, useSaveFeedbackForm } from './customer-feedback.api';

interface QuestionValues {
  kind: QuestionKind;
  label: string;
  required: boolean;
  /** The choices of a single-choice question, one a line (as typed). */
  options: string[];
}

interface FormValues {
  title: string;
  intro: string;
  is_active: boolean;
  questions: QuestionValues[];
}

const FIELDS = ['title', 'intro', 'is_active', 'questions'] as const;

const valuesOf = (form?: FeedbackForm): FormValues => ({
  title: form?.title ?? '',
  intro: form?.intro ?? '',
  is_active: form?.is_active ?? true,
  questions: (form?.questions ?? []).map((q) => ({
    kind: q.kind,
    label: q.label,
    required: q.required,
    options: q.options,
  })),
});

/** Create or edit a feedback form: the rating is always asked; up to ten questions besides it. */
export function FeedbackFormDialog({
  companyId,
  form: editing,
  onClose,
}: {
  companyId: number;
  form?: FeedbackForm;
  onClose: () => void;
}) {
  const save = useSaveFeedbackForm(companyId);
  const form = useForm<FormValues>({
    mode: 'onTouched',
    resolver: zodResolver(feedbackFormCreate as never),
    defaultValues: valuesOf(editing),
  });
  const { control } = form;
  const questions = useFieldArray({ control, name: 'questions' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: editing?.id, body: values as never });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });
  const questionErrors = form.formState.errors.questions;

  return (
    <FormDialog
      title={editing ? 'Edit Feedback Form' : 'Create Feedback Form'}
      submitLabel={editing ? 'Save' : 'Create Form'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <TextField control={control} name="title" label="Title" required placeholder="How was your order?" />
      <TextareaField
        control={control}
        name="intro"
        label="Introduction"
        description="Shown above the questions on the answer page."
        autosize
        minRows={2}
        maxLength={FEEDBACK_LIMITS.intro}
      />
      <SwitchField control={control} name="is_active" label="Active (can be sent)" />
      <Text size="sm" c="dimmed">
        Every form asks for a rating from 1 to 5 stars. Add up to {FEEDBACK_LIMITS.questions} questions
        besides it.
      </Text>
      {questions.fields.map((field, index) => {
        const errors = Array.isArray(questionErrors) ? questionErrors[index] : undefined;
        return (
          <Card key={field.id} withBorder padding="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <Controller
                  control={control}
                  name={`questions.${index}.label`}
                  render={({ field: f }) => (
                    <TextInput
                      {...f}
                      label={`Question ${index + 1}`}
                      withAsterisk
                      style={{ flex: 1 }}
                      error={errors?.label?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`questions.${index}.kind`}
                  render={({ field: f }) => (
                    <Select
                      label={`Question ${index + 1} type`}
                      data={QUESTION_KINDS.map((k) => ({ value: k.value, label: k.label }))}
                      value={f.value}
                      onChange={(value) => f.onChange(value ?? 'text')}
                      allowDeselect={false}
                      w={160}
                    />
                  )}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove question ${index + 1}`}
                  onClick={() => questions.remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              {form.watch(`questions.${index}.kind`) === 'single_choice' && (
                <Controller
                  control={control}
                  name={`questions.${index}.options`}
                  render={({ field: f }) => (
                    <Textarea
                      label={`Question ${index + 1} choices, one a line`}
                      autosize
                      minRows={2}
                      value={(f.value ?? []).join('\n')}
                      onChange={(event) =>
                        f.onChange(
                          event.currentTarget.value.split('\n').map((line) => line.replace(/^\s+/, '')),
                        )
                      }
                      onBlur={() => {
                        f.onChange((f.value ?? []).map((o) => o.trim()).filter(Boolean));
                        f.onBlur();
                      }}
                      error={errors?.options?.message ?? errors?.options?.[0]?.message}
                    />
                  )}
                />
              )}
              <Controller
                control={control}
                name={`questions.${index}.required`}
                render={({ field: f }) => (
                  <Checkbox
                    label="An answer is required"
                    checked={f.value}
                    onChange={(event) => f.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            </Stack>
          </Card>
        );
      })}
      {questions.fields.length < FEEDBACK_LIMITS.questions && (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => questions.append({ kind: 'text', label: '', required: false, options: [] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Question
        </Button>
      )}
    </FormDialog>
  );
}
