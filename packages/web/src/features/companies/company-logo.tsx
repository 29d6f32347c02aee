import { Avatar, Button, FileButton, Group, Image } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Company, useDeleteLogo, useUploadLogo } from './companies.api';
import { LOGO_TYPES } from './company-logo-file';

const SIZE = 64;

/** The company's logo, or its initial while there is none. */
export function CompanyLogoImage({ company }: { company: Company }) {
  if (company.logo) {
    return (
      <Image
        src={company.logo}
        alt={`${company.name} logo`}
        w={SIZE}
        h={SIZE}
        fit="contain"
        radius="md"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ flex: 'none' }}
      />
    );
  }
  return (
    <Avatar size={SIZE} radius="md" color="indigo" aria-label={`${company.name} has no logo`}>
      {company.name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** Upload (PNG, JPEG or WebP up to 2 MB), replace or delete the logo. */
export function CompanyLogoActions({ company }: { company: Company }) {
  const upload = useUploadLogo(company.id);
  const remove = useDeleteLogo(company.id);
  const [confirming, setConfirming] = useState(false);
  // Clears the file input so that choosing the same file again still uploads it.
  const resetRef = useRef<() => void>(null);

  return (
    <Group gap={4}>
      <FileButton
        accept={LOGO_TYPES.join(',')}
        resetRef={resetRef}
        onChange={(file) => {
          if (file) upload.mutate(file, { onSettled: () => resetRef.current?.() });
        }}
      >
        {(props) => (
          <Button
            {...props}
            size="compact-sm"
            variant="subtle"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
          >
            {company.logo ? 'Change Logo' : 'Upload Logo'}
          </Button>
        )}
      </FileButton>
      {company.logo && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setConfirming(true)}
        >
          Delete Logo
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Delete Logo"
        message="Delete the company logo?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Group>
  );
}
