import '@mantine/dates/styles.css';
import { TALLY_MESSAGES, type TallyProblem, tallyDocumentKindLabel } from '@b2b/domain/api/tally';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileCheck, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { allBranchesQuery } from '../branches/branches.api';
import {
  downloadTallyXml,
  postToTally,
  TALLY_TOASTS,
  type TallyPost,
  type TallyRange,
  tallyCheckQuery,
  tallyKeys,
  tallyStatusQuery,
} from './tally.api';
import { documentLink, fixLink } from './tally-fix-link';

/** The first day of this month in India, and today: the range the page opens with. */
function thisMonth(): DayRange {
  const today = todayInIndia();
  return [`${today.slice(0, 8)}01`, today];
}

function DownloadButton({
  label,
  disabled,
  download,
}: {
  label: string;
  disabled: boolean;
  download: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
      notifySuccess(TALLY_TOASTS.downloaded);
    } catch (error) {
      notifyFailure(TALLY_TOASTS.download_failed, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );
}

function ProblemsTable({ problems }: { problems: TallyProblem[] }) {
  return (
    <Table aria-label="Documents missing Tally names" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Document</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>What is missing</Table.Th>
          <Table.Th>Fix</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {problems.map((problem) => {
          const fix = fixLink(problem.fix);
          return (
            <Table.Tr key={`${problem.document_kind}-${problem.document_id}-${problem.missing}`}>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {tallyDocumentKindLabel(problem.document_kind)}
                </Text>
                <Anchor
                  component={Link}
                  to={documentLink(problem.document_kind, problem.document_id)}
                  size="sm"
                >
                  {problem.document_number}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDay(problem.document_date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{problem.missing}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={fix.to} size="sm">
                  {fix.label}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

const RESULT_COLORS = { created: 'green', altered: 'blue', cancelled: 'gray', error: 'red' } as const;

function LastPost({ post }: { post: TallyPost }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Last post to Tally
          </Title>
          <Text size="sm" c="dimmed">
            {formatDay(post.start_date)} to {formatDay(post.end_date)}
            {post.posted_by ? `, by ${post.posted_by}` : ''}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color="green" variant="light">
            {post.created} created
          </Badge>
          <Badge color="blue" variant="light">
            {post.altered} altered
          </Badge>
          <Badge color="gray" variant="light">
            {post.cancelled} cancelled
          </Badge>
          <Badge color={post.errors > 0 ? 'red' : 'gray'} variant="light">
            {post.errors} {post.errors === 1 ? 'error' : 'errors'}
          </Badge>
        </Group>
        {post.master_errors.length > 0 && (
          <Alert color="yellow" title="Tally refused some masters">
            {post.master_errors.join(' ')}
          </Alert>
        )}
        {post.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            No documents were posted.
          </Text>
        ) : (
          <Table aria-label="Tally's answer per document">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Tally's message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {post.results.map((result) => (
                <Table.Tr key={`${result.document_kind}-${result.document_id}`}>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {tallyDocumentKindLabel(result.document_kind)}
                    </Text>
                    <Anchor
                      component={Link}
                      to={documentLink(result.document_kind, result.document_id)}
                      size="sm"
                    >
                      {result.voucher_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{result.action}</Table.Td>
                  <Table.Td>
                    {result.result ? (
                      <Badge color={RESULT_COLORS[result.result]} variant="light">
                        {result.result}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{result.error ?? ''}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /reports/tally-export: a branch's documents of a date range for Tally. The check lists every
 * document whose party, item, godown or ledger has no Tally name, with a link to fix it; the
 * masters and vouchers files download once nothing is missing; with TALLY_URL set, the vouchers
 * can be posted straight to Tally and its answer per document is shown.
 */
export function TallyExportPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const queryClient = useQueryClient();
  const branches = useQuery(allBranchesQuery(companyId));
  const [branchId, setBranchId] = useState<number | null>(null);
  const [dates, setDates] = useState<DayRange>(thisMonth);

  useEffect(() => {
    const first = branches.data?.results[0]?.id;
    if (branchId === null && first) setBranchId(first);
  }, [branches.data, branchId]);

  const range: TallyRange | null =
    branchId !== null && dates[0]
      ? { branch_id: branchId, start_date: dates[0], end_date: dates[1] ?? dates[0] }
      : null;
  const check = useQuery({
    ...tallyCheckQuery(companyId, range ?? { branch_id: 0, start_date: '', end_date: '' }),
    enabled: range !== null,
  });
  const status = useQuery({
    ...tallyStatusQuery(companyId, branchId ?? 0),
    enabled: branchId !== null,
  });
  const post = useMutation({
    mutationFn: (r: TallyRange) => postToTally(companyId, r),
    onSuccess: (result) => {
      notifySuccess(
        result.errors > 0
          ? `${TALLY_MESSAGES.posted} ${result.errors} of ${result.documents} documents were refused.`
          : TALLY_MESSAGES.posted,
      );
      void queryClient.invalidateQueries({ queryKey: tallyKeys.all });
    },
    onError: (error) => notifyFailure(TALLY_TOASTS.post_failed, error),
  });

  const canPost = canPerform(user, 'add_tally_export');
  const ready = check.data !== undefined && check.data.incomplete === 0 && check.data.documents > 0;
  const configured = status.data?.configured === true;

  return (
    <Stack gap="md">
      <Title order={2}>Tally Export</Title>
      {branches.isPending ? (
        <Loader aria-label="Loading branches" />
      ) : branches.isError ? (
        <LoadErrorAlert error={branches.error} onRetry={() => void branches.refetch()} />
      ) : branches.data.results.length === 0 ? (
        <Alert color="yellow" title="No branch">
          You have no branch to export.
        </Alert>
      ) : (
        <>
          <Card withBorder>
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Branch"
                data={branches.data.results.map((b) => ({ value: String(b.id), label: b.name }))}
                value={branchId === null ? null : String(branchId)}
                onChange={(value) => value && setBranchId(Number(value))}
                allowDeselect={false}
                w={260}
              />
              <DateRangeFilter label="Dates" value={dates} onChange={setDates} placeholder="Pick the dates" />
              <DownloadButton
                label="Download masters"
                disabled={range === null}
                download={() => downloadTallyXml(companyId, range as TallyRange, 'masters')}
              />
              <DownloadButton
                label="Download vouchers"
                disabled={!ready}
                download={async () => {
                  await downloadTallyXml(companyId, range as TallyRange, 'vouchers');
                  void queryClient.invalidateQueries({ queryKey: tallyKeys.all });
                }}
              />
              {canPost && (
                <Button
                  leftSection={<IconSend size={16} />}
                  disabled={!ready || !configured}
                  loading={post.isPending}
                  onClick={() => range && post.mutate(range)}
                >
                  Post to Tally
                </Button>
              )}
            </Group>
            {status.data && !configured && (
              <Text size="sm" c="dimmed" mt="sm">
                {TALLY_MESSAGES.not_configured} Until then, download the files and import them in Tally
                (Import Data, Masters first, then Vouchers).
              </Text>
            )}
          </Card>

          {range === null ? (
            <Text c="dimmed">Pick the dates to export.</Text>
          ) : check.isPending ? (
            <Group>
              <Loader size="sm" aria-label="Checking the documents" />
              <Text size="sm">Checking the documents for Tally names…</Text>
            </Group>
          ) : check.isError ? (
            <LoadErrorAlert
              error={check.error}
              onRetry={() => void check.refetch()}
              title={TALLY_TOASTS.check_failed}
            />
          ) : check.data.documents === 0 ? (
            <Card withBorder>
              <Text ta="center" c="dimmed" py="lg">
                No documents to export in these dates
              </Text>
            </Card>
          ) : check.data.incomplete === 0 ? (
            <Alert color="green" icon={<IconFileCheck size={18} />} title="Ready for Tally">
              All {check.data.documents} documents have their Tally names.
            </Alert>
          ) : (
            <Card withBorder>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Group gap="xs">
                    <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" />
                    <Title order={3} size="h4">
                      Missing Tally names
                    </Title>
                  </Group>
                  <Badge color="orange" variant="light">
                    {check.data.incomplete} of {check.data.documents} documents
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {TALLY_MESSAGES.incomplete(check.data.incomplete)}
                  {check.data.truncated
                    ? ` The first ${check.data.problems.length} problems are listed.`
                    : ''}
                </Text>
                <ProblemsTable problems={check.data.problems} />
              </Stack>
            </Card>
          )}

          {status.isError ? (
            <LoadErrorAlert
              error={status.error}
              onRetry={() => void status.refetch()}
              title={TALLY_TOASTS.status_failed}
            />
          ) : (
            status.data?.last_post && <LastPost post={status.data.last_post} />
          )}
        </>
      )}
    </Stack>
  );
}
