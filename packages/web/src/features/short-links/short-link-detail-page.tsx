import { DEVICE_CLASSES, SHORT_LINK_STATUSES, UTM_KEYS } from '@b2b/domain/short-links';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { ShortUrl } from './short-link-columns';
import { ShortLinkFormDialog } from './short-link-form-dialog';
import { type ShortLink, shortLinkClicksQuery, shortLinkQuery, useDeleteShortLink } from './short-links.api';

const Chart = lazy(() => import('./short-link-clicks-chart'));
const LIST = { to: PATHS.shortenUrl, label: 'URL Shortener' } as const;
const RANGES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

function Clicks({ link }: { link: ShortLink }) {
  const [days, setDays] = useState('30');
  const end = todayInIndia();
  const clicks = useQuery(
    shortLinkClicksQuery(link.id, { start_date: addDays(end, 1 - Number(days)), end_date: end }),
  );
  const data = clicks.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Clicks per day {data ? `(${data.total.toLocaleString('en-IN')})` : ''}
          </Title>
          <SegmentedControl aria-label="Range" data={RANGES} value={days} onChange={setDays} size="xs" />
        </Group>
        {clicks.isError && <Text c="red">The clicks could not be loaded.</Text>}
        {!data ? (
          <Skeleton height={240} aria-label="Loading clicks" />
        ) : (
          <>
            <Suspense fallback={<Skeleton height={240} />}>
              <Chart series={data.series} />
            </Suspense>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Table aria-label="Clicks by device">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Device</Table.Th>
                    <Table.Th ta="right">Clicks</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.devices.map((d) => (
                    <Table.Tr key={d.device}>
                      <Table.Td>
                        {DEVICE_CLASSES.find((c) => c.value === d.device)?.label ?? d.device}
                      </Table.Td>
                      <Table.Td ta="right">{d.clicks.toLocaleString('en-IN')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Table aria-label="Clicks by referrer">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Referrer</Table.Th>
                    <Table.Th ta="right">Clicks</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.referrers.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={2}>
                        <Text c="dimmed" size="sm">
                          No clicks in this range.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.referrers.map((r) => (
                    <Table.Tr key={r.host ?? ''}>
                      <Table.Td>{r.host ?? 'Direct'}</Table.Td>
                      <Table.Td ta="right">{r.clicks.toLocaleString('en-IN')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Detail({ link }: { link: ShortLink }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteShortLink();
  const utm = UTM_KEYS.filter((key) => link[key]).map((key) => `${key}=${link[key]}`);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={link.path}
        badges={<StatusBadge options={SHORT_LINK_STATUSES} value={link.status} />}
        actions={
          <Group gap="sm">
            {canPerform(user, 'change_url_shortener') && (
              <Button onClick={() => setEditing(true)}>Edit</Button>
            )}
            {canPerform(user, 'delete_url_shortener') && (
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Field label="Short URL">
            <ShortUrl link={link} />
          </Field>
          <Field label="Target URL">{link.target_url}</Field>
          <Field label="Lands on">{link.redirect_url}</Field>
          <Field label="UTM parameters">{utm.length ? utm.join(', ') : 'None'}</Field>
          <Field label="Expiry">
            {link.expiry_date ? dayjs(link.expiry_date).format('DD/MM/YYYY') : 'Never'}
          </Field>
          <Field label="Redirect">{link.is_permanent ? 'Permanent (301)' : 'Temporary (302)'}</Field>
          <Field label="Clicks">{link.click_count.toLocaleString('en-IN')}</Field>
          <Field label="Last click">
            {link.last_clicked_at ? dayjs(link.last_clicked_at).format('DD/MM/YYYY hh:mm A') : '—'}
          </Field>
          <Field label="Favicon">
            {link.favicon_url ? <img src={link.favicon_url} alt="Favicon" width={16} height={16} /> : 'None'}
          </Field>
        </SimpleGrid>
      </Card>
      <Clicks link={link} />
      {editing && (
        <ShortLinkFormDialog companyId={user.company.id} link={link} onClose={() => setEditing(false)} />
      )}
      <ConfirmDialog
        opened={deleting}
        title="Delete short link"
        message={`${link.short_url} will stop working and its clicks will be removed.`}
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(link.id, { onSuccess: () => navigate({ to: PATHS.shortenUrl, replace: true }) })
        }
      />
    </Stack>
  );
}

/** /shorten-url/{id}: one short link, its clicks per day, by device and by referrer. */
export function ShortLinkDetailPage() {
  const id = useIdParam(PATHS.shortLink);
  const query = useQuery({ ...shortLinkQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={LIST}
      notFoundMessage="Short link Not Found"
      loadFailedTitle="Failed to load the short link"
      loadingLabel="Loading short link"
    >
      {(link) => <Detail link={link} />}
    </DetailLoader>
  );
}
