import {
  type RenderedTemplate,
  renderTemplate,
  SAMPLE_VALUES,
  type TemplateContent,
  type WhatsappButton,
} from '@b2b/domain/templates';
import { Badge, Box, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPhone } from '@tabler/icons-react';

/** The sample contact every preview is filled with (the variables' sample values). */
export const SAMPLE_CONTACT_LINE = `${SAMPLE_VALUES.contact_name} of ${SAMPLE_VALUES.buyer_name}`;

function EmailPreview({ rendered, fromName }: { rendered: RenderedTemplate; fromName: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        <b>From:</b> {fromName || 'Your company'}
      </Text>
      <Text size="sm">
        <b>Subject:</b> {rendered.subject || '—'}
      </Text>
      {/* A sandboxed frame: the template's HTML is shown as a mail client would, and can run nothing. */}
      <iframe
        title="E-mail preview"
        sandbox=""
        srcDoc={`<!doctype html><html><body style="font-family:sans-serif;font-size:14px">${rendered.html ?? ''}</body></html>`}
        style={{
          width: '100%',
          minHeight: 260,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 4,
        }}
      />
      <Text size="xs" c="dimmed">
        Plain-text part
      </Text>
      <Paper
        withBorder
        p="xs"
        style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}
        data-testid="email-text-preview"
      >
        {rendered.text || '—'}
      </Paper>
    </Stack>
  );
}

function SmsPreview({ rendered, header }: { rendered: RenderedTemplate; header: string }) {
  const sms = rendered.sms;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {header || 'SENDER'}
      </Text>
      <Paper p="sm" radius="lg" bg="gray.1" style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
        {rendered.text || '—'}
      </Paper>
      {sms && (
        <Text size="sm" data-testid="sms-counter">
          {sms.characters} characters · {sms.segments} SMS · {sms.remaining} left in this part ·{' '}
          {sms.encoding === 'gsm7' ? 'GSM-7 (160 / 153 a part)' : 'Unicode (70 / 67 a part)'}
        </Text>
      )}
    </Stack>
  );
}

function WhatsappButtonView({ button }: { button: WhatsappButton }) {
  const icon =
    button.type === 'url' ? (
      <IconExternalLink size={14} />
    ) : button.type === 'phone_number' ? (
      <IconPhone size={14} />
    ) : null;
  return (
    <Button variant="white" color="teal" size="xs" fullWidth leftSection={icon} tabIndex={-1} component="div">
      {button.text || 'Button'}
    </Button>
  );
}

function WhatsappPreview({ rendered }: { rendered: RenderedTemplate }) {
  return (
    <Box p="sm" style={{ background: '#e5ddd5', borderRadius: 8 }}>
      <Paper p="sm" radius="md" shadow="xs" maw={320} data-testid="whatsapp-bubble">
        <Stack gap={6}>
          {rendered.header_text && <Text fw={700}>{rendered.header_text}</Text>}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {rendered.text || '—'}
          </Text>
          {rendered.footer && (
            <Text size="xs" c="dimmed">
              {rendered.footer}
            </Text>
          )}
        </Stack>
      </Paper>
      {rendered.buttons.length > 0 && (
        <Stack gap={4} mt={4} maw={320}>
          {rendered.buttons.map((button, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity
            <WhatsappButtonView key={index} button={button} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PushPreview({ rendered, icon }: { rendered: RenderedTemplate; icon: string }) {
  return (
    <Paper withBorder p="sm" radius="md" maw={360} shadow="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {icon ? (
          <img src={icon} alt="" width={40} height={40} style={{ borderRadius: 8 }} />
        ) : (
          <Box w={40} h={40} bg="gray.3" style={{ borderRadius: 8, flexShrink: 0 }} />
        )}
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {rendered.title || 'Title'}
          </Text>
          <Text size="sm">{rendered.text || '—'}</Text>
          {rendered.link_url && (
            <Text size="xs" c="dimmed">
              Opens {rendered.link_url}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The live preview beside the form: the template as the sample contact would get it, rendered by
 * the same domain function the server sends with (values HTML-escaped in an e-mail's HTML).
 */
export function TemplatePreview({
  content,
  fromName = '',
  senderHeader = '',
  iconUrl = '',
}: {
  content: TemplateContent;
  fromName?: string;
  senderHeader?: string;
  iconUrl?: string;
}) {
  const rendered = renderTemplate(content, SAMPLE_VALUES);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Preview</Text>
          <Badge variant="light">Sample contact: {SAMPLE_CONTACT_LINE}</Badge>
        </Group>
        {content.medium === 'email' && <EmailPreview rendered={rendered} fromName={fromName} />}
        {content.medium === 'sms' && <SmsPreview rendered={rendered} header={senderHeader} />}
        {content.medium === 'whatsapp' && <WhatsappPreview rendered={rendered} />}
        {content.medium === 'push_notification' && <PushPreview rendered={rendered} icon={iconUrl} />}
      </Stack>
    </Card>
  );
}
