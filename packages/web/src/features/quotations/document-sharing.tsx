import {
  documentRecipients,
  documentSendMessages,
  MAX_DOCUMENT_RECIPIENTS,
} from '@b2b/domain/api/document-sharing';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { FormDialog } from '../../components/form-dialog';
import { type MoreAction, MoreActionsMenu } from '../../components/more-actions-menu';
import { notifySuccess } from '../../components/notify';
import { applyServerErrors } from '../../components/server-errors';
import { TagsField } from '../../components/tags-field';
import {
  documentShareQuery,
  downloadDocumentPdf,
  type SharedDocument,
  useSendDocument,
  whatsappUrlOf,
} from './document-sharing.api';

const sendForm = z.object({ to: documentRecipients });
type SendValues = z.input<typeof sendForm>;

/** 'Send by E-mail': the buyer's address prefilled, more can be typed (Enter or comma after each). */
function SendDocumentDialog({
  document,
  emails,
  onClose,
}: {
  document: SharedDocument;
  emails: string[];
  onClose: () => void;
}) {
  const send = useSendDocument(document);
  const form = useForm<SendValues, unknown, z.output<typeof sendForm>>({
    mode: 'onTouched',
    resolver: zodResolver(sendForm),
    defaultValues: { to: emails },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({ to: values.to });
      notifySuccess(answer.detail);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['to']);
    }
  });
  return (
    <FormDialog
      title="Send by E-mail"
      submitLabel="Send"
      pending={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {document.number} goes as a PDF attachment to each address below (at most {MAX_DOCUMENT_RECIPIENTS}).
      </Text>
      <TagsField
        control={form.control}
        name="to"
        label="To"
        required
        placeholder={emails.length ? undefined : 'name@example.com, then Enter'}
        splitChars={[',', ' ', ';']}
        maxTags={MAX_DOCUMENT_RECIPIENTS}
        data-autofocus
      />
    </FormDialog>
  );
}

/**
 * The header actions that send a quotation or a sales order to its buyer: Download PDF up front,
 * Send by E-mail and Share on WhatsApp under More (as the invoice header does). WhatsApp opens in
 * a new tab with the message typed in, a signed link to the PDF in it; the user presses send.
 */
export function DocumentSharingActions({
  document,
  maySend,
  more = [],
}: {
  document: SharedDocument;
  /** The change permission that sending by e-mail needs. */
  maySend: boolean;
  /** The page's own More actions, listed first. */
  more?: MoreAction[];
}) {
  const [sending, setSending] = useState(false);
  const share = useQuery(documentShareQuery(document));
  const messages = documentSendMessages(document.kind);
  const actions: MoreAction[] = [...more];
  if (maySend)
    actions.push({
      label: 'Send by E-mail',
      icon: <IconMail size={16} />,
      disabled: !share.data,
      onClick: () => setSending(true),
    });
  actions.push({
    label: 'Share on WhatsApp',
    icon: <IconBrandWhatsapp size={16} />,
    disabled: !share.data,
    onClick: () => {
      if (share.data) window.open(whatsappUrlOf(document.kind, share.data), '_blank', 'noopener,noreferrer');
    },
  });
  return (
    <>
      <DownloadPdfButton download={() => downloadDocumentPdf(document)} failure={messages.pdf_failed} />
      <MoreActionsMenu actions={actions} />
      {sending && share.data && (
        <SendDocumentDialog
          document={document}
          emails={share.data.emails}
          onClose={() => setSending(false)}
        />
      )}
    </>
  );
}
