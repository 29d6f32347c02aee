import { templateCreate } from '@b2b/domain/api/templates';
import {
  htmlToText,
  smsLength,
  TEMPLATE_LIMITS,
  TEMPLATE_MEDIUM_LABELS,
  TEMPLATE_VARIABLES,
  type TemplateContent,
  type TemplateMedium,
  variableToken,
  WHATSAPP_BUTTON_TYPES,
  WHATSAPP_CATEGORIES,
  WHATSAPP_LANGUAGES,
  type WhatsappButtonType,
} from '@b2b/domain/templates';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Input,
  Menu,
  Modal,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconBraces, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { submitHere } from '../../components/submit-here';
import { TemplatePreview } from './template-preview';
import { type Template, useSaveTemplate } from './templates.api';

// The spec's rich text editor (Tiptap), loaded when an e-mail form opens.
const RichTextEditorInput = lazy(() =>
  import('../../components/rich-text-editor').then((module) => ({ default: module.RichTextEditorInput })),
);

type ButtonValues = { type: WhatsappButtonType; text: string; url: string; phone: string };

type Values = {
  name: string;
  is_active: boolean;
  subject: string;
  html_body: string;
  text_body: string;
  from_name: string;
  body: string;
  sender_header: string;
  dlt_template_id: string;
  dlt_entity_id: string;
  meta_template_name: string;
  language: string;
  category: string;
  header_text: string;
  footer: string;
  buttons: ButtonValues[];
  title: string;
  link_url: string;
  icon_url: string;
};

type TextKey = Exclude<keyof Values, 'is_active' | 'buttons'>;

function initialValues(template?: Template): Values {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    name: text(template?.name),
    is_active: template?.is_active ?? true,
    subject: text(template?.subject),
    html_body: text(template?.html_body),
    // A plain-text part that was made from the HTML is left blank, so it follows the HTML again.
    text_body:
      template?.text_body && template.text_body !== htmlToText(template.html_body ?? '')
        ? template.text_body
        : '',
    from_name: text(template?.from_name),
    body: text(template?.body),
    sender_header: text(template?.sender_header),
    dlt_template_id: text(template?.dlt_template_id),
    dlt_entity_id: text(template?.dlt_entity_id),
    meta_template_name: text(template?.meta_template_name),
    language: template?.language ?? 'en',
    category: template?.category ?? 'marketing',
    header_text: text(template?.header_text),
    footer: text(template?.footer),
    buttons: (template?.buttons ?? []).map((b) => ({
      type: b.type,
      text: b.text,
      url: b.url ?? '',
      phone: b.phone ?? '',
    })),
    title: text(template?.title),
    link_url: text(template?.link_url),
    icon_url: text(template?.icon_url),
  };
}

/** The body the API takes for the medium: its fields only. */
function bodyOf(medium: TemplateMedium, v: Values) {
  const common = { medium, name: v.name, is_active: v.is_active };
  switch (medium) {
    case 'email':
      return {
        ...common,
        subject: v.subject,
        html_body: v.html_body,
        text_body: v.text_body,
        from_name: v.from_name,
      };
    case 'sms':
      return {
        ...common,
        body: v.body,
        sender_header: v.sender_header,
        dlt_template_id: v.dlt_template_id,
        dlt_entity_id: v.dlt_entity_id,
      };
    case 'whatsapp':
      return {
        ...common,
        meta_template_name: v.meta_template_name,
        language: v.language,
        category: v.category,
        header_text: v.header_text,
        body: v.body,
        footer: v.footer,
        buttons: v.buttons.map((b) => ({ type: b.type, text: b.text, url: b.url, phone: b.phone })),
      };
    default:
      return { ...common, title: v.title, body: v.body, link_url: v.link_url, icon_url: v.icon_url };
  }
}

/** The fields the variable picker can write into, per medium (the first is the default target). */
const PICKER_FIELDS: Record<TemplateMedium, TextKey[]> = {
  email: ['html_body', 'subject', 'text_body'],
  sms: ['body'],
  whatsapp: ['body', 'header_text'],
  push_notification: ['body', 'title', 'link_url'],
};

/** Inserts `{variable}` lists for the picker; the e-mail body gets it at the end of its last paragraph. */
function insertInto(current: string, token: string, at: number | null, html: boolean): string {
  if (html) {
    const close = current.lastIndexOf('</');
    if (current.trim() === '') return `<p>${token}</p>`;
    return close >= 0 ? `${current.slice(0, close)} ${token}${current.slice(close)}` : `${current} ${token}`;
  }
  const i = at ?? current.length;
  return `${current.slice(0, i)}${token}${current.slice(i)}`;
}

function VariablePicker({ medium, onPick }: { medium: TemplateMedium; onPick: (name: string) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={320}>
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconBraces size={14} />}>
          Insert Variable
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {TEMPLATE_VARIABLES.map((v) => (
          <Menu.Item key={v.name} onClick={() => onPick(v.name)}>
            <Text size="sm" ff="monospace">
              {variableToken(v.name, medium)}
            </Text>
            <Text size="xs" c="dimmed">
              {v.description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Create or edit a template of one medium, with the live preview beside it. The form is checked
 * by the same domain schema as the server; the server's sentences come back onto the fields.
 */
export function TemplateFormModal({
  companyId,
  medium,
  template,
  onClose,
}: {
  companyId: number;
  medium: TemplateMedium;
  template?: Template;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveTemplate(companyId);
  const target = useRef<{ field: TextKey; at: number | null }>({ field: PICKER_FIELDS[medium][0], at: null });
  const htmlId = useId();

  const check = (next: Values) => {
    const parsed = templateCreate.safeParse(bodyOf(medium, next));
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        found[key] ??= issue.message;
      }
    return found;
  };

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      // After a first submit, errors follow the typing.
      if (submitted) setErrors(check(next));
      return next;
    });

  const remember = (field: TextKey) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    target.current = { field, at: event.currentTarget.selectionStart };
  };

  const pick = (name: string) => {
    const { field, at } = target.current;
    const token = variableToken(name, medium);
    set(field, insertInto(values[field], token, at, field === 'html_body'));
    target.current = { field, at: at === null ? null : at + token.length };
  };

  const text = (field: TextKey, label: string, extra: Record<string, unknown> = {}) => ({
    label,
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    onFocus: remember(field),
    onSelect: remember(field),
    onKeyUp: remember(field),
    onClick: remember(field),
    error: errors[field],
    ...extra,
  });

  const submit = () => {
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: template?.id, body: bodyOf(medium, values) as never },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error);
          if (fieldErrors) setErrors(fieldErrors);
          else notifyFailure(template ? 'Failed to update Template.' : 'Failed to create Template.', error);
        },
      },
    );
  };

  const content: TemplateContent = { ...(bodyOf(medium, values) as TemplateContent), medium };
  const sms = medium === 'sms' ? smsLength(values.body) : null;
  const setButton = (index: number, patch: Partial<ButtonValues>) =>
    set(
      'buttons',
      values.buttons.map((b, i) => (i === index ? { ...b, ...patch } : b)),
    );

  return (
    <Modal
      opened
      onClose={onClose}
      size="min(1200px, 96vw)"
      title={`${template ? 'Edit' : 'Create'} ${TEMPLATE_MEDIUM_LABELS[medium]} Template`}
    >
      <form
        noValidate
        onSubmit={submitHere((event) => {
          event.preventDefault();
          submit();
        })}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end">
                <TextInput
                  style={{ flex: 1 }}
                  required
                  label="Template Name"
                  description="Letters, digits, underscore and space"
                  value={values.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={errors.name}
                  maxLength={TEMPLATE_LIMITS.name}
                />
                <Switch
                  label="Active"
                  checked={values.is_active}
                  onChange={(e) => set('is_active', e.currentTarget.checked)}
                  mb={8}
                />
              </Group>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  Variables are filled for each contact when the message is sent.
                </Text>
                <VariablePicker medium={medium} onPick={pick} />
              </Group>

              {medium === 'email' && (
                <>
                  <TextInput {...text('from_name', 'From Name')} placeholder="Shown as the sender" />
                  <TextInput {...text('subject', 'Subject', { required: true })} />
                  <Input.Wrapper
                    id={htmlId}
                    label="Body"
                    labelElement="div"
                    withAsterisk
                    error={errors.html_body}
                  >
                    <div onFocusCapture={() => (target.current = { field: 'html_body', at: null })}>
                      <Suspense fallback={<Skeleton height={240} radius="sm" />}>
                        <RichTextEditorInput
                          id={htmlId}
                          labelId={`${htmlId}-label`}
                          invalid={Boolean(errors.html_body)}
                          value={values.html_body}
                          onChange={(html) => set('html_body', html)}
                          onBlur={() => {}}
                          minHeight={200}
                        />
                      </Suspense>
                    </div>
                  </Input.Wrapper>
                  <Textarea
                    {...text('text_body', 'Plain-text Part', {
                      description: 'Left blank, it is made from the body.',
                      autosize: true,
                      minRows: 2,
                      maxRows: 8,
                    })}
                  />
                </>
              )}

              {medium === 'sms' && (
                <>
                  <Textarea
                    {...text('body', 'SMS Text', { required: true, autosize: true, minRows: 4 })}
                    description={
                      sms
                        ? `${sms.characters} characters · ${sms.segments} SMS (${sms.encoding === 'gsm7' ? 'GSM-7' : 'Unicode'}) as written`
                        : undefined
                    }
                  />
                  <Group grow align="flex-start">
                    <TextInput
                      {...text('sender_header', 'Sender Header', {
                        required: true,
                        description: '6 letters, as registered on DLT',
                        maxLength: 6,
                      })}
                    />
                    <TextInput
                      {...text('dlt_template_id', 'DLT Template ID', {
                        required: true,
                        description: '19 digits',
                        maxLength: 19,
                      })}
                    />
                    <TextInput
                      {...text('dlt_entity_id', 'DLT Entity ID', {
                        required: true,
                        description: 'Principal entity ID',
                      })}
                    />
                  </Group>
                </>
              )}

              {medium === 'whatsapp' && (
                <>
                  <Group grow align="flex-start">
                    <TextInput
                      {...text('meta_template_name', 'Meta Template Name', {
                        description: 'Left blank, made from the name',
                      })}
                    />
                    <Select
                      label="Language"
                      required
                      data={WHATSAPP_LANGUAGES.map((l) => ({
                        value: l.value,
                        label: `${l.label} (${l.value})`,
                      }))}
                      value={values.language}
                      allowDeselect={false}
                      onChange={(v) => set('language', v ?? 'en')}
                      error={errors.language}
                    />
                    <Select
                      label="Category"
                      required
                      data={WHATSAPP_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
                      value={values.category}
                      allowDeselect={false}
                      onChange={(v) => set('category', v ?? 'marketing')}
                      error={errors.category}
                    />
                  </Group>
                  <TextInput
                    {...text('header_text', 'Header', { maxLength: TEMPLATE_LIMITS.whatsapp_header })}
                  />
                  <Textarea
                    {...text('body', 'Body', {
                      required: true,
                      autosize: true,
                      minRows: 4,
                      description: 'Variables in braces without underscores, e.g. {buyerName}',
                    })}
                  />
                  <TextInput {...text('footer', 'Footer', { maxLength: TEMPLATE_LIMITS.whatsapp_footer })} />
                  <Stack gap={6}>
                    <Group justify="space-between">
                      <Text size="sm" fw={500}>
                        Buttons (at most 3)
                      </Text>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPlus size={14} />}
                        disabled={values.buttons.length >= TEMPLATE_LIMITS.whatsapp_buttons}
                        onClick={() =>
                          set('buttons', [
                            ...values.buttons,
                            { type: 'quick_reply', text: '', url: '', phone: '' },
                          ])
                        }
                      >
                        Add Button
                      </Button>
                    </Group>
                    {errors.buttons && (
                      <Text size="sm" c="red">
                        {errors.buttons}
                      </Text>
                    )}
                    {values.buttons.map((b, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a button's place is its identity
                      <Group key={i} align="flex-start" wrap="nowrap">
                        <Select
                          aria-label={`Button ${i + 1} type`}
                          data={WHATSAPP_BUTTON_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                          value={b.type}
                          allowDeselect={false}
                          onChange={(v) => setButton(i, { type: (v ?? 'quick_reply') as WhatsappButtonType })}
                          w={170}
                        />
                        <TextInput
                          aria-label={`Button ${i + 1} text`}
                          placeholder="Button text"
                          value={b.text}
                          onChange={(e) => setButton(i, { text: e.currentTarget.value })}
                          error={errors[`buttons.${i}.text`]}
                          style={{ flex: 1 }}
                        />
                        {b.type === 'url' && (
                          <TextInput
                            aria-label={`Button ${i + 1} URL`}
                            placeholder="https://"
                            value={b.url}
                            onChange={(e) => setButton(i, { url: e.currentTarget.value })}
                            error={errors[`buttons.${i}.url`]}
                            style={{ flex: 1 }}
                          />
                        )}
                        {b.type === 'phone_number' && (
                          <TextInput
                            aria-label={`Button ${i + 1} phone`}
                            placeholder="+919876543210"
                            value={b.phone}
                            onChange={(e) => setButton(i, { phone: e.currentTarget.value })}
                            error={errors[`buttons.${i}.phone`]}
                            style={{ flex: 1 }}
                          />
                        )}
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove button ${i + 1}`}
                          onClick={() =>
                            set(
                              'buttons',
                              values.buttons.filter((_, j) => j !== i),
                            )
                          }
                          mt={6}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                  </Stack>
                </>
              )}

              {medium === 'push_notification' && (
                <>
                  <TextInput
                    {...text('title', 'Title', { required: true, maxLength: TEMPLATE_LIMITS.push_title })}
                  />
                  <Textarea
                    {...text('body', 'Body', {
                      required: true,
                      autosize: true,
                      minRows: 3,
                      maxLength: TEMPLATE_LIMITS.push_body,
                    })}
                  />
                  <TextInput
                    {...text('link_url', 'Link URL', { placeholder: 'https://shop.example.in/offers' })}
                  />
                  <TextInput {...text('icon_url', 'Icon URL', { placeholder: 'https://…/icon.png' })} />
                </>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TemplatePreview
              content={content}
              fromName={values.from_name}
              senderHeader={values.sender_header.toUpperCase()}
              iconUrl={values.icon_url}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {template ? 'Save' : 'Create Template'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
