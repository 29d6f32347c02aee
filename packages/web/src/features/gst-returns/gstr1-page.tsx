import type { Gstr1ProblemOutput, Gstr1SectionOutput } from '@b2b/domain/api/gst-returns';
import type { Gstr1CsvSection } from '@b2b/domain/gst/gstr1';
import { periodLabel } from '@b2b/domain/gst/gstr3b';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath, creditNotePath, invoicePath, PATHS, productEditPath } from '../../session/paths';
import { FiledPeriodControl } from './filed-period-control';
import {
  downloadGstr1Csv,
  downloadGstr1Json,
  GSTR1_TOASTS,
  type Gstr1Summary,
  gstinsQuery,
  gstr1SummaryQuery,
} from './gstr1.api';
import { monthsOfPeriod, type PeriodKind, periodOptions } from './gstr1-periods';

const FIX_LABELS: Record<Gstr1ProblemOutput['fix']['kind'], string> = {
  invoice: 'Open invoice',
  credit_note: 'Open credit note',
  buyer: 'Fix buyer',
  product: 'Fix product',
};

function fixPath(fix: Gstr1ProblemOutput['fix']): string {
  switch (fix.kind) {
    case 'invoice':
      return invoicePath(fix.id);
    case 'credit_note':
      return creditNotePath(fix.id);
    case 'buyer':
      return buyerPath(fix.id);
    case 'product':
      return productEditPath(fix.id);
  }
}

const documentPath = (problem: Gstr1ProblemOutput) =>
  problem.document_kind === 'invoice'
    ? invoicePath(problem.document_id)
    : creditNotePath(problem.document_id);

/** A button that downloads a file and says so when it fails. */
function DownloadButton({
  label,
  ariaLabel,
  failure,
  download,
  variant = 'default',
}: {
  label: string;
  ariaLabel?: string;
  failure: string;
  download: () => Promise<unknown>;
  variant?: 'default' | 'filled' | 'subtle';
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
      if (variant === 'filled') notifySuccess(GSTR1_TOASTS.json_done);
    } catch (error) {
      notifyFailure(failure, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={variant === 'subtle' ? 'compact-sm' : 'sm'}
      variant={variant}
      aria-label={ariaLabel}
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );
}

function SectionsTable({
  summary,
  download,
}: {
  summary: Gstr1Summary;
  download: (section: Gstr1CsvSection) => Promise<unknown>;
}) {
  const money = (value: number) => <Money value={value} />;
  const row = (s: Gstr1SectionOutput) => (
    <Table.Tr key={s.section}>
      <Table.Td>{s.label}</Table.Td>
      <Table.Td ta="right">{s.count}</Table.Td>
      <Table.Td ta="right">{s.section === 'doc_issue' ? '—' : money(s.taxable_value)}</Table.Td>
      <Table.Td ta="right">{s.section === 'doc_issue' ? '—' : money(s.igst)}</Table.Td>
      <Table.Td ta="right">{s.section === 'doc_issue' ? '—' : money(s.cgst)}</Table.Td>
      <Table.Td ta="right">{s.section === 'doc_issue' ? '—' : money(s.sgst)}</Table.Td>
      <Table.Td ta="right">{s.section === 'doc_issue' ? '—' : money(s.cess)}</Table.Td>
      <Table.Td>
        <DownloadButton
          label="CSV"
          ariaLabel={`Download ${s.label} CSV`}
          variant="subtle"
          failure={GSTR1_TOASTS.csv_failed}
          download={() => download(s.section)}
        />
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table aria-label="GSTR-1 sections" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Section</Table.Th>
            <Table.Th ta="right">Documents</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            <Table.Th ta="right">IGST</Table.Th>
            <Table.Th ta="right">CGST</Table.Th>
            <Table.Th ta="right">SGST</Table.Th>
            <Table.Th ta="right">Cess</Table.Th>
            <Table.Th>Download</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{summary.sections.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProblemsCard({ summary }: { summary: Gstr1Summary }) {
  if (summary.problem_count === 0) {
    return (
      <Alert color="green" icon={<IconFileCheck size={18} />} title="No problems found">
        Every document of the period has what GSTR-1 needs.
      </Alert>
    );
  }
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Documents with problems
          </Title>
          <Badge color="red" variant="light">
            {summary.problem_count}
          </Badge>
        </Group>
        {summary.problem_count > summary.problems.length && (
          <Text size="sm" c="dimmed">
            The first {summary.problems.length} of {summary.problem_count} are listed.
          </Text>
        )}
        <Table aria-label="Documents with problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Problem</Table.Th>
              <Table.Th>Fix</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.problems.map((problem) => (
              <Table.Tr
                key={`${problem.document_kind}-${problem.document_id}-${problem.fix.kind}-${problem.fix.id}-${problem.problem}`}
              >
                <Table.Td>
                  <Anchor component={Link} to={documentPath(problem)} size="sm">
                    {problem.document_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{problem.problem}</Text>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={fixPath(problem.fix)} size="sm">
                    {FIX_LABELS[problem.fix.kind]}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/**
 * Whether GSTR-1 of the period is filed, with the button that marks it filed (locking the documents
 * dated in it) or reopens it; month by month, so a quarter shows its three months.
 */
function FiledPeriods({
  companyId,
  gstin,
  period,
  canChange,
}: {
  companyId: number;
  gstin: string;
  period: string;
  canChange: boolean;
}) {
  const months = monthsOfPeriod(period);
  return (
    <Card withBorder>
      <Stack gap="xs">
        {months.map((month) => (
          <Group key={month} gap="sm" wrap="wrap">
            {months.length > 1 && (
              <Text size="sm" w={120}>
                {periodLabel(month)}
              </Text>
            )}
            <FiledPeriodControl
              companyId={companyId}
              gstin={gstin}
              period={month}
              returnType="gstr1"
              canChange={canChange}
            />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /reports/gst/gstr-1: a GSTIN's GSTR-1 for a month or quarter, its problems and its downloads. */
export function Gstr1Page() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const today = todayInIndia();
  const gstins = useQuery(gstinsQuery(companyId));
  const [gstin, setGstin] = useState<string | null>(null);
  const [kind, setKind] = useState<PeriodKind>('month');
  const options = useMemo(() => periodOptions(kind, today), [kind, today]);
  const [period, setPeriod] = useState<string>(options[0]?.value ?? '');

  useEffect(() => {
    const first = gstins.data?.results[0]?.gstin;
    if (gstin === null && first) setGstin(first);
  }, [gstins.data, gstin]);

  const summary = useQuery({
    ...gstr1SummaryQuery(companyId, gstin ?? '', period),
    enabled: gstin !== null && period !== '',
  });

  const changeKind = (value: string) => {
    const next = value as PeriodKind;
    setKind(next);
    setPeriod(periodOptions(next, today)[0]?.value ?? '');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>GSTR-1</Title>
        {gstin && summary.data && (
          <DownloadButton
            label="Download JSON"
            variant="filled"
            failure={GSTR1_TOASTS.json_failed}
            download={() => downloadGstr1Json(companyId, gstin, period)}
          />
        )}
      </Group>

      {gstins.isPending ? (
        <Loader aria-label="Loading GSTINs" />
      ) : gstins.isError ? (
        <LoadErrorAlert
          error={gstins.error}
          onRetry={() => void gstins.refetch()}
          title={GSTR1_TOASTS.gstins_failed}
        />
      ) : gstins.data.results.length === 0 ? (
        <Alert color="yellow" title="No GSTIN to file for">
          None of your branches has a GST number.{' '}
          <Anchor component={Link} to={PATHS.branches}>
            Add it on the branch
          </Anchor>{' '}
          to prepare its returns.
        </Alert>
      ) : (
        <>
          <Card withBorder>
            <Group align="flex-end" wrap="wrap">
              <Select
                label="GSTIN"
                data={gstins.data.results.map((g) => ({
                  value: g.gstin,
                  label: `${g.gstin} (${g.branches.map((b) => b.name).join(', ')})`,
                }))}
                value={gstin}
                onChange={(value) => value && setGstin(value)}
                allowDeselect={false}
                w={360}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="gstr1-period-kind">
                  Return period
                </Text>
                <SegmentedControl
                  aria-labelledby="gstr1-period-kind"
                  data={[
                    { value: 'month', label: 'Monthly' },
                    { value: 'quarter', label: 'Quarterly' },
                  ]}
                  value={kind}
                  onChange={changeKind}
                />
              </Stack>
              <Select
                label="Period"
                data={options}
                value={period}
                onChange={(value) => value && setPeriod(value)}
                allowDeselect={false}
                w={220}
              />
            </Group>
          </Card>

          {gstin && period && (
            <FiledPeriods
              companyId={companyId}
              gstin={gstin}
              period={period}
              canChange={canPerform(user, 'change_gst_return')}
            />
          )}

          {summary.isPending ? (
            <Group>
              <Loader size="sm" aria-label="Loading GSTR-1" />
              <Text size="sm">Preparing GSTR-1…</Text>
            </Group>
          ) : summary.isError ? (
            <LoadErrorAlert
              error={summary.error}
              onRetry={() => void summary.refetch()}
              title={GSTR1_TOASTS.load_failed}
            />
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {summary.data.document_count} documents from {formatDay(summary.data.from_date)} to{' '}
                {formatDay(summary.data.to_date)}. HSN codes need {summary.data.hsn_digits} digits (last
                financial year's turnover <Money value={summary.data.last_year_turnover} />
                {summary.data.hsn_digits === 6 ? ' is above ₹5 crore' : ' is up to ₹5 crore'}).
              </Text>
              {summary.data.document_count === 0 ? (
                <Card withBorder>
                  <Text ta="center" c="dimmed" py="lg">
                    No documents in this period
                  </Text>
                </Card>
              ) : (
                <>
                  <ProblemsCard summary={summary.data} />
                  <Card withBorder>
                    <SectionsTable
                      summary={summary.data}
                      download={(section) => downloadGstr1Csv(companyId, gstin ?? '', period, section)}
                    />
                  </Card>
                </>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
