import { SHORT_LINK_MESSAGES, SHORT_LINK_STATUSES } from '@b2b/domain/short-links';
import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Column } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import type { ShortLink } from './short-links.api';

/** The short URL with a copy button (the click does not open the row). */
export function ShortUrl({ link }: { link: ShortLink }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor
        href={link.short_url}
        target="_blank"
        rel="noreferrer"
        size="sm"
        fw={500}
        onClick={(e) => e.stopPropagation()}
      >
        {link.short_url.replace(/^https?:\/\//, '')}
      </Anchor>
      <CopyButton value={link.short_url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? SHORT_LINK_MESSAGES.copied : 'Copy short URL'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={`Copy ${link.short_url}`}
              onClick={(e) => {
                e.stopPropagation();
                copy();
              }}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export const SHORT_LINK_COLUMNS: Column<ShortLink>[] = [
  { key: 'short_url', header: 'Short URL', sortField: 'path', render: (link) => <ShortUrl link={link} /> },
  {
    key: 'target',
    header: 'Target',
    render: (link) => (
      <Text size="sm" truncate="end" maw={320} title={link.target_url}>
        {link.target_url}
      </Text>
    ),
  },
  {
    key: 'clicks',
    header: 'Clicks',
    align: 'right',
    sortField: 'click_count',
    sortFirst: 'descending',
    render: (link) => link.click_count.toLocaleString('en-IN'),
  },
  {
    key: 'last_click',
    header: 'Last Click',
    sortField: 'last_clicked_at',
    sortFirst: 'descending',
    render: (link) => (link.last_clicked_at ? dayjs(link.last_clicked_at).format('DD/MM/YYYY hh:mm A') : '—'),
  },
  {
    key: 'expiry',
    header: 'Expiry',
    sortField: 'expiry_date',
    render: (link) => (link.expiry_date ? dayjs(link.expiry_date).format('DD/MM/YYYY') : 'Never'),
  },
  {
    key: 'status',
    header: 'Status',
    render: (link) => <StatusBadge options={SHORT_LINK_STATUSES} value={link.status} />,
  },
];
