import { formatFileSize } from '@b2b/domain/money';
import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ProductDetailCard } from './product-detail-card';
import { type Product, useDeleteProductFile, useUploadProductFile } from './products.api';

/** Downloadable files (PDF up to 10 MB): manuals, warranty cards, brochures. */
export function ProductFilesCard({ product, canChange }: { product: Product; canChange: boolean }) {
  const upload = useUploadProductFile();
  const remove = useDeleteProductFile();
  const [deleting, setDeleting] = useState<Product['files'][number] | null>(null);
  const resetRef = useRef<() => void>(null);

  return (
    <ProductDetailCard
      id="product-files"
      title="Downloadable Files"
      action={
        canChange && (
          <FileButton
            accept="application/pdf"
            resetRef={resetRef}
            onChange={(file) => {
              if (file) {
                upload.mutate({ productId: product.id, file }, { onSettled: () => resetRef.current?.() });
              }
            }}
          >
            {(fileProps) => (
              <Button
                {...fileProps}
                size="compact-sm"
                variant="subtle"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                Upload PDF
              </Button>
            )}
          </FileButton>
        )
      }
    >
      {product.files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files yet.{canChange ? ' PDF files up to 10 MB can be uploaded.' : ''}
        </Text>
      ) : (
        <Stack gap="xs">
          {product.files.map((file) => (
            <Group key={file.id} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileTypePdf
                  size={20}
                  color="var(--mantine-color-red-7)"
                  aria-hidden
                  style={{ flex: 'none' }}
                />
                <div style={{ minWidth: 0 }}>
                  <Anchor href={file.url} download={file.file_name} size="sm" truncate="end" display="block">
                    {file.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size_bytes)}
                  </Text>
                </div>
              </Group>
              {canChange && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${file.file_name}`}
                  onClick={() => setDeleting(file)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete File"
        message={deleting ? `Delete ${deleting.file_name}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(
              { productId: product.id, fileId: deleting.id },
              { onSettled: () => setDeleting(null) },
            );
          }
        }}
      />
    </ProductDetailCard>
  );
}
