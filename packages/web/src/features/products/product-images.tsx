import { MAX_PRODUCT_IMAGES } from '@b2b/domain/api/products';
import { ActionIcon, Badge, Box, FileButton, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LOGO_TYPES } from '../companies/company-logo-file';
import { type Product, useDeleteProductImage, useUploadProductImage } from './products.api';

export const IMAGE_HINT = `PNG, JPEG or WebP up to 2 MB, 512×512 recommended; at most ${MAX_PRODUCT_IMAGES}. The first is the main image.`;
const TILE = 112;

/** A square picture with its badge and remove button, as the gallery and the form show them. */
export function ImageTile(props: {
  src: string;
  alt: string;
  main: boolean;
  onRemove?: () => void;
  removeLabel: string;
}) {
  return (
    <Box pos="relative" w={TILE} h={TILE}>
      <Image
        src={props.src}
        alt={props.alt}
        w={TILE}
        h={TILE}
        fit="cover"
        radius="md"
        bd="1px solid var(--mantine-color-gray-3)"
      />
      {props.main && (
        <Badge size="xs" radius="sm" pos="absolute" bottom={6} left={6} variant="filled">
          Main image
        </Badge>
      )}
      {props.onRemove && (
        <ActionIcon
          size="sm"
          radius="xl"
          variant="white"
          color="red"
          pos="absolute"
          top={6}
          right={6}
          aria-label={props.removeLabel}
          onClick={props.onRemove}
          style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
        >
          <IconX size={14} />
        </ActionIcon>
      )}
    </Box>
  );
}

/** The tile that opens the file chooser. */
export function AddImageTile({
  onPick,
  loading,
  children = 'Add Image',
}: {
  onPick: (files: File[]) => void;
  loading?: boolean;
  children?: ReactNode;
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      accept={LOGO_TYPES.join(',')}
      multiple
      resetRef={resetRef}
      onChange={(files) => {
        onPick(files);
        resetRef.current?.();
      }}
    >
      {(fileProps) => (
        <UnstyledButton
          {...fileProps}
          disabled={loading}
          w={TILE}
          h={TILE}
          style={{
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-md)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 4,
            color: 'var(--mantine-color-indigo-7)',
            background: 'var(--mantine-color-body)',
          }}
        >
          <IconPhotoPlus size={22} aria-hidden />
          <Text size="xs" fw={500}>
            {loading ? 'Uploading…' : children}
          </Text>
        </UnstyledButton>
      )}
    </FileButton>
  );
}

/** A saved product's images: upload (one at a time, in the chosen order) and delete. */
export function ProductImageGallery({ product, canChange }: { product: Product; canChange: boolean }) {
  const upload = useUploadProductImage();
  const remove = useDeleteProductImage();
  const [deleting, setDeleting] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const images = [...product.images].sort((a, b) => a.position - b.position);
  const room = MAX_PRODUCT_IMAGES - images.length;

  const uploadAll = async (files: File[]) => {
    setUploading(true);
    try {
      let count = images.length;
      for (const file of files) {
        try {
          await upload.mutateAsync({ productId: product.id, file, imageCount: count });
          count += 1;
        } catch {
          // The failure toast has been shown; the other files still go.
        }
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      {images.length === 0 && !canChange ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <Group gap="sm" align="flex-start">
          {images.map((image, index) => (
            <ImageTile
              key={image.id}
              src={image.url}
              alt={`${product.name} image ${index + 1}`}
              main={index === 0}
              removeLabel={`Delete image ${index + 1}`}
              onRemove={canChange ? () => setDeleting(image.id) : undefined}
            />
          ))}
          {canChange && room > 0 && <AddImageTile onPick={uploadAll} loading={uploading} />}
        </Group>
      )}
      {canChange && (
        <Text size="xs" c="dimmed">
          {IMAGE_HINT}
        </Text>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Image"
        message={`Delete this image of ${product.name}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting !== null) {
            remove.mutate(
              { productId: product.id, imageId: deleting },
              { onSettled: () => setDeleting(null) },
            );
          }
        }}
      />
    </Stack>
  );
}
