import { REPORT_MESSAGES } from '@b2b/domain/reports/report-definition';
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DownloadListCsvButton } from '../../components/download-list-csv';

/** 'Download CSV': the whole report as the server writes it, with the report's toast if it fails. */
export function DownloadCsvButton({
  download,
  disabled,
}: {
  download: () => Promise<unknown>;
  disabled: boolean;
}) {
  return (
    <DownloadListCsvButton
      download={download}
      disabled={disabled}
      failure={REPORT_MESSAGES.download_failed}
    />
  );
}

/** A report's title with its note below, and 'Download CSV' on the right unless `download` is left out. */
export function ReportHeader({
  title,
  download,
  downloadDisabled,
  children,
}: {
  title: string;
  download?: () => Promise<unknown>;
  downloadDisabled: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} style={{ flex: 1 }}>
        <Title order={2}>{title}</Title>
        {children}
      </Stack>
      {download && <DownloadCsvButton download={download} disabled={downloadDisabled} />}
    </Group>
  );
}
