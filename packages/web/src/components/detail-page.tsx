import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type RegisteredRouter, useNavigate, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '../api/api-error';
import { LoadErrorAlert } from './load-error-alert';
import { notifyError } from './notify';

/** The list a detail page belongs to: its path and its name in the breadcrumb. */
export interface ListLink {
  to: string;
  label: string;
}

/** The path of a screen of the app's route table that holds a parameter: '/orders/$orderId'. */
export type ParamPath = keyof RegisteredRouter['routesByPath'] & `${string}$${string}`;

/**
 * The id in the address of the screen at `path`: `useIdParam(PATHS.order)` reads `$orderId` of
 * '/orders/12', or null when it is not a positive integer. The compiler checks that `path` is a
 * screen of the route table with a parameter. The parameter is read by name rather than from the
 * route's id, so the page also runs under a test's own router with the same path.
 */
export function useIdParam(path: ParamPath): number | null {
  const params: Partial<Record<string, string>> = useParams({ strict: false });
  const id = Number(params[paramName(path)]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function paramName(path: string): string {
  const name = /\$(\w+)/.exec(path)?.[1];
  if (!name) throw new Error(`${path} has no parameter`);
  return name;
}

export interface DetailLoaderProps<T> {
  id: number | null;
  query: UseQueryResult<T>;
  list: ListLink;
  /** The spec's toast when the record does not load: 'Buyer Not found.', 'Seller Not Found'. */
  notFoundMessage: string;
  loadFailedTitle: string;
  /** 'Loading buyer': the accessible name of the skeleton. */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/**
 * Loads one record of a detail page. A record that does not exist (unknown, another company's, a
 * malformed id) sends the user back to its list with the spec's message; any other failure offers
 * a retry in place.
 */
export function DetailLoader<T>(props: DetailLoaderProps<T>) {
  const { id, query, list, notFoundMessage } = props;
  const navigate = useNavigate();
  const notFound = id === null || (isApiError(query.error) && [400, 404].includes(query.error.status));

  useEffect(() => {
    if (!notFound) return;
    notifyError(notFoundMessage);
    void navigate({ to: list.to, replace: true });
  }, [notFound, notFoundMessage, list.to, navigate]);

  if (notFound) return null;
  if (query.data) return props.children(query.data);
  if (query.error) {
    return (
      <LoadErrorAlert error={query.error} onRetry={() => query.refetch()} title={props.loadFailedTitle} />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label={props.loadingLabel}>
      <Skeleton height={32} width="40%" />
      <Skeleton height={240} />
    </Stack>
  );
}

/** The head of a detail page: the breadcrumb back to the list, the title, its badges and actions. */
export function DetailHeader({
  list,
  title,
  badges,
  actions,
}: {
  list: ListLink;
  title: string;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to={list.to} size="sm">
          {list.label}
        </Anchor>
        <Text size="sm" c="dimmed" truncate="end" maw={360}>
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges && <Group gap="xs">{badges}</Group>}
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}

/** One tab of a detail page; `hidden` leaves it out (the user may not see it). */
export interface DetailTab {
  value: string;
  label: string;
  panel: ReactNode;
  hidden?: boolean;
}

/** The tabs of a detail page, the first one open; a tab's panel mounts only while it is open. */
export function DetailTabs({ tabs }: { tabs: DetailTab[] }) {
  const shown = tabs.filter((tab) => !tab.hidden);
  const first = shown[0]?.value ?? null;
  const [open, setOpen] = useState<string | null>(first);
  return (
    <Tabs value={open} onChange={(value) => setOpen(value ?? first)} keepMounted={false}>
      <Tabs.List>
        {shown.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Deactivate on an active record, Activate on an inactive one. */
export function ActiveToggleButton({
  isActive,
  loading,
  disabled,
  onActivate,
  onDeactivate,
}: {
  isActive: boolean;
  loading?: boolean;
  disabled?: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
}) {
  return (
    <Button
      variant="default"
      leftSection={isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
      loading={loading}
      disabled={disabled}
      onClick={isActive ? onDeactivate : onActivate}
    >
      {isActive ? 'Deactivate' : 'Activate'}
    </Button>
  );
}
