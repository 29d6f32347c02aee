import { TEMPLATE_SYNC_MESSAGES } from '@b2b/domain/api/templates';
import {
  TEMPLATE_MEDIUM_LABELS,
  TEMPLATE_MEDIUMS,
  type TemplateMedium,
  WHATSAPP_TEMPLATE_STATUSES,
} from '@b2b/domain/templates';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconRefresh, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { EMPTY_TITLE } from '../../components/empty-state-card';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { marketingConfigurationQuery } from '../marketing-mediums/marketing-mediums.api';
import { TemplateFormModal } from './template-form';
import { type Template, templateListQuery, useArchiveTemplate, useSyncWhatsappStatus } from './templates.api';

const TAB_LABELS: Record<TemplateMedium, string> = {
  email: 'Email',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  push_notification: 'Push',
};

const formatDate = (value: string) =>
  new Date(value).toLocaleDateString('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** What a row says about its content: the subject, the SMS text, the WhatsApp body, the push title. */
function summary(t: Template): string {
  const text = t.medium === 'email' ? t.subject : t.medium === 'push_notification' ? t.title : t.body;
  return text && text.length > 80 ? `${text.slice(0, 77)}…` : (text ?? '');
}

function columns(
  medium: TemplateMedium,
  actions: {
    canChange: boolean;
    canDelete: boolean;
    edit: (t: Template) => void;
    remove: (t: Template) => void;
  },
): Column<Template>[] {
  const list: Column<Template>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (t) => (
        <Text fw={500} size="sm">
          {t.name}
        </Text>
      ),
    },
    {
      key: 'content',
      header: medium === 'email' ? 'Subject' : medium === 'push_notification' ? 'Title' : 'Text',
      render: summary,
    },
    {
      key: 'variables',
      header: 'Variables',
      render: (t) =>
        t.variables.length === 0 ? (
          '—'
        ) : (
          <Group gap={4}>
            {t.variables.map((v) => (
              <Badge key={v} variant="outline" size="sm" radius="sm" tt="none">
                {v}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];
  if (medium === 'sms')
    list.push({ key: 'dlt', header: 'DLT Template ID', render: (t) => t.dlt_template_id ?? '—' });
  if (medium === 'whatsapp')
    list.push(
      { key: 'language', header: 'Language', render: (t) => t.language ?? '—' },
      {
        key: 'status',
        header: 'Status',
        render: (t) => (
          <Stack gap={2} align="flex-start">
            <StatusBadge options={WHATSAPP_TEMPLATE_STATUSES} value={t.whatsapp_status ?? 'pending'} />
            {t.rejection_reason && (
              <Text size="xs" c="red" maw={260}>
                {t.rejection_reason}
              </Text>
            )}
          </Stack>
        ),
      },
    );
  list.push(
    {
      key: 'active',
      header: 'Active',
      render: (t) => (
        <Badge color={t.is_active ? 'green' : 'gray'} variant="light" radius="sm">
          {t.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'updated_at',
      header: 'Updated',
      sortField: 'updated_at',
      render: (t) => formatDate(t.updated_at),
    },
  );
  if (actions.canChange || actions.canDelete)
    list.push({
      key: 'actions',
      header: '',
      render: (t) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`Actions for ${t.name}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            {actions.canChange && <Menu.Item onClick={() => actions.edit(t)}>Edit</Menu.Item>}
            {actions.canDelete && (
              <Menu.Item color="red" onClick={() => actions.remove(t)}>
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    });
  return list;
}

const NO_FILTERS = { medium: 'email' };

/** /template-manager: the company's message templates, one tab per medium. */
export function TemplateManagerPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_template');
  const canChange = canPerform(user, 'change_template');
  const canDelete = canPerform(user, 'delete_template');
  const list = useUrlListParams();
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const medium = (TEMPLATE_MEDIUMS as readonly string[]).includes(filters.medium)
    ? (filters.medium as TemplateMedium)
    : 'email';
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [editing, setEditing] = useState<{ template?: Template } | null>(null);
  const [removing, setRemoving] = useState<Template | null>(null);
  const archive = useArchiveTemplate();
  const sync = useSyncWhatsappStatus(companyId);
  // Whether WhatsApp is set up, for those who may read the configuration; others learn it from
  // the sync's answer.
  const canSeeMediums = canPerform(user, 'view_marketing_configuration');
  const mediums = useQuery({
    ...marketingConfigurationQuery(companyId),
    enabled: canSeeMediums && medium === 'whatsapp',
  });
  const whatsappMissing =
    mediums.data !== undefined && !mediums.data.mediums.some((m) => m.medium === 'whatsapp' && m.configured);

  const templates = useQuery(templateListQuery(companyId, { ...list.params, medium }));
  const noneYet = list.params.search === '' && templates.data?.count === 0 && !templates.isPlaceholderData;
  const addLabel = `Create ${TAB_LABELS[medium]} Template`;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Templates</Title>
        {canAdd && !noneYet && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({})}
            style={{ visibility: editing ? 'hidden' : undefined }}
          >
            {addLabel}
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="templates" />}
      <Tabs
        value={medium}
        onChange={(value) => {
          setFilters({ medium: value ?? 'email' });
          list.resetPage();
        }}
      >
        <Tabs.List>
          {TEMPLATE_MEDIUMS.map((m) => (
            <Tabs.Tab key={m} value={m}>
              {TAB_LABELS[m]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {noneYet ? (
        <Card withBorder padding="xl" radius="md">
          <EmptyState
            title={EMPTY_TITLE}
            description={`Add a ${TEMPLATE_MEDIUM_LABELS[medium]} Template and reach your buyers`}
            icon={<IconTemplate size={28} />}
          >
            {canAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
                {addLabel}
              </Button>
            )}
          </EmptyState>
        </Card>
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end">
              <TextInput
                label="Search"
                placeholder="Template name or subject"
                leftSection={<IconSearch size={16} />}
                value={searchText}
                onChange={(event) => setSearchText(event.currentTarget.value)}
                w={260}
              />
              {medium === 'whatsapp' && canChange && (
                <Stack gap={4} align="flex-end">
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} />}
                    loading={sync.isPending}
                    disabled={whatsappMissing}
                    onClick={() => sync.mutate()}
                  >
                    Sync status
                  </Button>
                  <Text size="xs" c="dimmed" maw={420} ta="right">
                    {whatsappMissing
                      ? TEMPLATE_SYNC_MESSAGES.not_configured
                      : 'Reads each template’s review status from Meta; it is also read every 30 minutes.'}
                  </Text>
                </Stack>
              )}
            </Group>
            <DataTable
              label={`${TAB_LABELS[medium]} templates`}
              columns={columns(medium, {
                canChange,
                canDelete,
                edit: (template) => setEditing({ template }),
                remove: setRemoving,
              })}
              rowKey={(t) => t.id}
              data={templates.data}
              isLoading={templates.isLoading}
              error={templates.error}
              errorTitle="Failed to load Templates"
              onRetry={() => templates.refetch()}
              limit={list.params.limit}
              offset={list.params.offset}
              onPageChange={list.setPage}
              ordering={list.params.ordering}
              onOrderingChange={list.setOrdering}
              onRowClick={canChange ? (template) => setEditing({ template }) : undefined}
              minWidth={800}
              empty={
                <Stack align="center" py="xl">
                  <Text c="dimmed">No template matches the search.</Text>
                </Stack>
              }
            />
          </Stack>
        </Card>
      )}
      {editing && (
        <TemplateFormModal
          companyId={companyId}
          medium={editing.template?.medium ?? medium}
          template={editing.template}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete Template"
        message={`Delete the template ${removing?.name ?? ''}? It is archived: campaigns that sent it keep their record.`}
        confirmLabel="Delete"
        loading={archive.isPending}
        onConfirm={() => removing && archive.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
