import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCategory,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconPhotoUp,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSeo,
  IconTrash,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField } from '../../components/detail-field';
import { RichTextView } from '../../components/rich-text-view';
import { StatusBadge } from '../../components/status-badge';
import { LOGO_TYPES } from '../companies/company-logo-file';
import {
  type Category,
  useDeleteCategoryImage,
  useSetCategoryActive,
  useSetCategoryInMenu,
  useUploadCategoryImage,
} from './categories.api';
import { metaTitleFit } from './category-seo-dialog';

const IMAGE_SIZE = 72;

function CategoryImage({ category }: { category: Category }) {
  if (category.image) {
    return (
      <Image
        src={category.image}
        alt={`${category.name} image`}
        w={IMAGE_SIZE}
        h={IMAGE_SIZE}
        fit="cover"
        radius="md"
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ flex: 'none' }}
      />
    );
  }
  return (
    <Avatar
      size={IMAGE_SIZE}
      radius="md"
      color="indigo"
      role="img"
      aria-label={`${category.name} has no image`}
    >
      <IconCategory size={32} />
    </Avatar>
  );
}

export interface CategoryDetailsProps {
  category: Category;
  /** From the top of the tree down to the category's parent. */
  path: Category[];
  subCategories: Category[];
  canAdd: boolean;
  canChange: boolean;
  onAddSubCategory: (category: Category) => void;
  onEdit: (category: Category) => void;
  onEditSeo: (category: Category) => void;
}

type Confirming = 'deactivate' | 'delete-image' | null;

/** The chosen category: what it holds and what can be done with it. */
export function CategoryDetails(props: CategoryDetailsProps) {
  const { category, canAdd, canChange } = props;
  const setActive = useSetCategoryActive();
  const setInMenu = useSetCategoryInMenu();
  const upload = useUploadCategoryImage();
  const removeImage = useDeleteCategoryImage();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const resetFileRef = useRef<() => void>(null);
  const pathText = props.path.map((ancestor) => ancestor.name).join(' › ');
  const titleLength = category.meta_title?.length ?? 0;

  // The root is fixed: it cannot be edited, moved, deactivated or given an image (the server
  // answers 409), so only adding under it is offered.
  const editable = canChange && !category.is_root;

  return (
    <Card withBorder padding="lg" aria-label={`Category ${category.name}`} component="section">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <CategoryImage category={category} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            {pathText && (
              <Text size="xs" c="dimmed" truncate="end">
                {pathText}
              </Text>
            )}
            <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {category.name}
            </Title>
            <Group gap={6}>
              <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(category.is_active).value} />
              {!category.is_root && (
                <Badge
                  color={category.is_included_in_menu ? 'blue' : 'gray'}
                  variant="light"
                  radius="sm"
                  leftSection={
                    category.is_included_in_menu ? (
                      <IconEye size={12} aria-hidden />
                    ) : (
                      <IconEyeOff size={12} aria-hidden />
                    )
                  }
                >
                  {category.is_included_in_menu ? 'In menu' : 'Not in menu'}
                </Badge>
              )}
            </Group>
            {editable && (
              <Group gap={4}>
                <FileButton
                  accept={LOGO_TYPES.join(',')}
                  resetRef={resetFileRef}
                  onChange={(file) => {
                    if (file) {
                      upload.mutate({ id: category.id, file }, { onSettled: () => resetFileRef.current?.() });
                    }
                  }}
                >
                  {(fileProps) => (
                    <Button
                      {...fileProps}
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPhotoUp size={14} />}
                      loading={upload.isPending}
                    >
                      {category.image ? 'Change Image' : 'Upload Image'}
                    </Button>
                  )}
                </FileButton>
                {category.image && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => setConfirming('delete-image')}
                  >
                    Delete Image
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Group>

        {category.is_root && (
          <Text size="sm" c="dimmed">
            Every category of the company sits under the Root Category. It cannot be edited, moved,
            deactivated or given an image.
          </Text>
        )}

        {(canAdd || editable) && (
          <Group gap="xs">
            {canAdd && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                disabled={!category.is_active}
                title={
                  category.is_active ? undefined : 'Activate this category before adding sub-categories.'
                }
                onClick={() => props.onAddSubCategory(category)}
              >
                {category.is_root ? 'Add Category' : 'Add Sub-category'}
              </Button>
            )}
            {editable && (
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => props.onEdit(category)}
                >
                  Edit
                </Button>
                {category.is_active ? (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconPlayerPause size={14} />}
                    onClick={() => setConfirming('deactivate')}
                  >
                    Deactivate
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPlayerPlay size={14} />}
                    loading={setActive.isPending}
                    onClick={() => setActive.mutate({ id: category.id, active: true })}
                  >
                    Activate
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={
                    category.is_included_in_menu ? <IconEyeOff size={14} /> : <IconEye size={14} />
                  }
                  loading={setInMenu.isPending}
                  onClick={() =>
                    setInMenu.mutate({ id: category.id, included: !category.is_included_in_menu })
                  }
                >
                  {category.is_included_in_menu ? 'Exclude from Menu' : 'Include in Menu'}
                </Button>
              </>
            )}
          </Group>
        )}

        {!category.is_root && (
          <DetailField label="Description">
            {category.description && <RichTextView html={category.description} />}
          </DetailField>
        )}
        <DetailField label={`Sub-categories (${props.subCategories.length})`}>
          {props.subCategories.map((sub) => (sub.is_active ? sub.name : `${sub.name} (inactive)`)).join(', ')}
        </DetailField>

        {!category.is_root && (
          <>
            <Divider
              labelPosition="left"
              label={
                <Group gap="xs">
                  <Text size="sm" fw={600} c="var(--mantine-color-text)">
                    SEO
                  </Text>
                  {editable && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconSeo size={14} />}
                      onClick={() => props.onEditSeo(category)}
                    >
                      Edit SEO
                    </Button>
                  )}
                </Group>
              }
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DetailField label="SEO URL">{category.seo_url}</DetailField>
              <DetailField label="Meta Title">
                {category.meta_title &&
                  `${category.meta_title} (${titleLength} characters${
                    metaTitleFit(titleLength) === 'ideal' ? '' : ', ideal 40 to 60'
                  })`}
              </DetailField>
              <DetailField label="Meta Description">{category.meta_description}</DetailField>
              <DetailField label="Search Keywords">{category.search_keywords}</DetailField>
              <DetailField label="Also Known As">{category.also_known_name}</DetailField>
            </SimpleGrid>
          </>
        )}

        <Text size="xs" c="dimmed">
          Created {dayjs(category.created_at).format('DD/MM/YYYY')} · Updated{' '}
          {dayjs(category.updated_at).format('DD/MM/YYYY')}
        </Text>
      </Stack>

      <ConfirmDialog
        opened={confirming === 'deactivate'}
        title="Deactivate Category"
        message={`Products cannot be assigned to an inactive category. Deactivate ${category.name}?`}
        confirmLabel="Deactivate"
        loading={setActive.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          setActive.mutate({ id: category.id, active: false }, { onSettled: () => setConfirming(null) })
        }
      />
      <ConfirmDialog
        opened={confirming === 'delete-image'}
        title="Delete Image"
        message={`Delete the image of ${category.name}?`}
        confirmLabel="Delete"
        loading={removeImage.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => removeImage.mutate(category.id, { onSettled: () => setConfirming(null) })}
      />
    </Card>
  );
}
