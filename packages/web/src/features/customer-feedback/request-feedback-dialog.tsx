import { FEEDBACK_MESSAGES } from '@b2b/domain/customer-feedback';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetail, isApiError } from '../../api/api-error';
import { EntitySelect } from '../../components/entity-select';
import { submitHere } from '../../components/submit-here';
import { buyerSource } from '../quotations/quotation-party-fields';
import { type FeedbackRequest, feedbackFormsQuery, useRequestFeedback } from './customer-feedback.api';
import { CopyLink } from './feedback-responses';

/** 'Request feedback': a buyer and a form; the link is mailed when the buyer has an address, and shown here either way. */
export function RequestFeedbackDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const forms = useQuery(feedbackFormsQuery(companyId));
  const active = (forms.data?.results ?? []).filter((f) => f.is_active);
  const [formId, setFormId] = useState<string | null>(null);
  const [buyer, setBuyer] = useState<number | null>(null);
  const [sendEmail, setSendEmail] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<FeedbackRequest | null>(null);
  const request = useRequestFeedback(companyId);
  const chosenForm = formId ?? (active.length === 1 ? String(active[0]?.id) : null);

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!chosenForm) problems.form = 'Choose a feedback form.';
    if (!buyer) problems.buyer = FEEDBACK_MESSAGES.buyer_required;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const answer = await request.mutateAsync({ form: Number(chosenForm), buyer, send_email: sendEmail });
      setMade(answer.request);
    } catch (error) {
      const fields = isApiError(error) ? (error.errors ?? {}) : {};
      setErrors({
        form: fields.form?.[0] ?? '',
        buyer: fields.buyer?.[0] ?? '',
        general: Object.keys(fields).length ? '' : errorDetail(error),
      });
    }
  };

  return (
    <Modal opened onClose={onClose} title="Request Feedback">
      {made ? (
        <Stack gap="md">
          <Text>
            {made.recipient_email
              ? `The link was e-mailed to ${made.recipient_email}. You can also share it yourself:`
              : 'Share this link with the buyer (WhatsApp, SMS or e-mail):'}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Anchor
              href={made.url}
              target="_blank"
              rel="noreferrer"
              size="sm"
              truncate="end"
              maw={380}
              data-testid="feedback-link"
            >
              {made.url}
            </Anchor>
            <CopyLink url={made.url} />
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submitHere(() => void submit())}>
          <Stack gap="md">
            {forms.isSuccess && active.length === 0 && (
              <Alert color="yellow">{FEEDBACK_MESSAGES.no_active_form}</Alert>
            )}
            {errors.general && (
              <Alert color="red" role="alert">
                {errors.general}
              </Alert>
            )}
            <Select
              label="Feedback form"
              withAsterisk
              data={active.map((f) => ({ value: String(f.id), label: f.title }))}
              value={chosenForm}
              onChange={setFormId}
              error={errors.form || undefined}
            />
            <EntitySelect
              source={buyerSource(companyId)}
              label="Buyer"
              required
              value={buyer}
              onChange={setBuyer}
              error={errors.buyer || undefined}
            />
            <Checkbox
              label="E-mail the link to the buyer"
              checked={sendEmail}
              onChange={(event) => setSendEmail(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={request.isPending}>
                Request Feedback
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
