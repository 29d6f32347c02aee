import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from './notify';

/**
 * "Download PDF" for a document (tax invoice, credit note): busy while the file comes, a failure
 * toast with `failure` when it does not.
 */
export function DownloadPdfButton({
  download,
  failure,
  label = 'Download PDF',
}: {
  download: () => Promise<unknown>;
  failure: string;
  /** What the document is, when the page has more than one ('Download Delivery Note'). */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notifyFailure(failure, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={() => void onClick()}
    >
      {label}
    </Button>
  );
}
