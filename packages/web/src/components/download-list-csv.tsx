import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../api/download';
import type { QueryParams } from '../api/types';
import { notifyFailure } from './notify';

/**
 * Every row of a list with its current search, filters and order as a CSV file: the list's own
 * route with `format=csv` (the server streams every row, so paging is left out).
 */
export function downloadListCsv(path: string, params: object, fallbackName: string) {
  const { limit: _limit, offset: _offset, ...rest } = params as Record<string, unknown>;
  return downloadFile(path, { ...(rest as QueryParams), format: 'csv' }, fallbackName);
}

/** 'Download CSV': the whole filtered list as the server writes it, with a toast if it fails. */
export function DownloadListCsvButton({
  download,
  disabled = false,
  failure = 'Failed to download the CSV file.',
}: {
  download: () => Promise<unknown>;
  disabled?: boolean;
  /** The toast's title when the download fails. */
  failure?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (error) {
          notifyFailure(failure, error);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download CSV
    </Button>
  );
}
