import { Button, Card, Grid, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFold, IconFoldDown, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import {
  ancestorIds,
  buildCategoryTree,
  type CategoryTreeNode,
  filterCategoryTree,
  findCategoryNode,
  parentIdOf,
  parentNodeIds,
} from '../../components/category-tree';
import { EmptyStateCard } from '../../components/empty-state-card';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { type Category, categoryTreeQuery } from './categories.api';
import { CategoryDetails } from './category-details';
import { type CategoryDialogTarget, CategoryFormDialog } from './category-form-dialog';
import { CategorySeoDialog } from './category-seo-dialog';
import { CategoryTreeView } from './category-tree-view';

type Dialog = CategoryDialogTarget | { kind: 'seo'; category: Category } | null;

/** A search finds a category by its name, its other name or its search keywords. */
function categoryMatches(category: Category, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [category.name, category.also_known_name, category.search_keywords].some((text) =>
    text?.toLowerCase().includes(needle),
  );
}

function rootIds(tree: readonly CategoryTreeNode[]): Set<number> {
  return new Set(tree.filter((node) => node.category.is_root).map((node) => node.category.id));
}

function toggled(ids: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function TreeSkeleton() {
  return (
    <Stack gap={10} aria-busy="true" aria-label="Loading categories" py={4}>
      {[0, 1, 1, 2, 2, 1].map((level, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
        <Skeleton key={index} height={18} width={`${70 - level * 12}%`} ml={level * 20} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * /categories: the company's category tree with search beside the chosen category's details;
 * adding, editing, (de)activating, menu, image and SEO actions need add_ or change_category.
 */
export function CategoriesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_category');
  const canChange = canPerform(user, 'change_category');
  const categories = useQuery(categoryTreeQuery(companyId));

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 200);
  const term = debouncedSearch.trim();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Open branches: the root until the user opens or closes one. A search opens every branch
  // that leads to a match; closing one then lasts until the search changes.
  const [expanded, setExpanded] = useState<Set<number> | null>(null);
  const [searchExpanded, setSearchExpanded] = useState<{ term: string; ids: Set<number> } | null>(null);

  const rows = categories.data?.results;
  const all = useMemo(() => rows ?? [], [rows]);
  const tree = useMemo(() => buildCategoryTree(all), [all]);
  const shown = useMemo(
    () => (term ? filterCategoryTree(tree, (category) => categoryMatches(category, term)) : tree),
    [tree, term],
  );
  const open = expanded ?? rootIds(tree);
  const openNow = term
    ? searchExpanded?.term === term
      ? searchExpanded.ids
      : new Set(parentNodeIds(shown))
    : open;

  const toggle = (id: number) => {
    if (term) setSearchExpanded({ term, ids: toggled(openNow, id) });
    else setExpanded(toggled(open, id));
  };

  /** Opens the way down to a category, e.g. one just added, and chooses it. */
  const reveal = (category: Category) => {
    const parentId = parentIdOf(category);
    const above = parentId === null ? [] : [...(ancestorIds(tree, parentId) ?? []), parentId];
    setExpanded(new Set([...open, ...above]));
    setSelectedId(category.id);
  };

  const selected = selectedId === null ? null : (all.find((category) => category.id === selectedId) ?? null);
  const selectedNode = selected ? findCategoryNode(tree, selected.id) : null;
  const selectedPath = selected
    ? (ancestorIds(tree, selected.id) ?? [])
        .map((id) => all.find((category) => category.id === id))
        .filter((category): category is Category => category !== undefined)
    : [];

  const onlyRoot = rows?.every((category) => category.is_root) === true;
  const addTopLevel = () => setDialog({ kind: 'create', parentId: null });

  let body: ReactNode;
  if (categories.isError && !rows) {
    body = <LoadErrorAlert error={categories.error} onRetry={() => categories.refetch()} />;
  } else if (onlyRoot) {
    body = <EmptyStateCard area="categories" onAdd={canAdd ? addTopLevel : undefined} />;
  } else {
    body = (
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label="Search"
                  placeholder="Name, other name or keyword"
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="default"
                  px="xs"
                  aria-label="Expand all"
                  title="Expand all"
                  disabled={!rows}
                  onClick={() =>
                    term
                      ? setSearchExpanded({ term, ids: new Set(parentNodeIds(shown)) })
                      : setExpanded(new Set(parentNodeIds(tree)))
                  }
                >
                  <IconFoldDown size={18} />
                </Button>
                <Button
                  variant="default"
                  px="xs"
                  aria-label="Collapse all"
                  title="Collapse all"
                  disabled={!rows}
                  onClick={() =>
                    term ? setSearchExpanded({ term, ids: new Set() }) : setExpanded(rootIds(tree))
                  }
                >
                  <IconFold size={18} />
                </Button>
              </Group>
              {!rows ? (
                <TreeSkeleton />
              ) : shown.length === 0 ? (
                <Text c="dimmed" ta="center" py="xl">
                  No category matches “{term}”.
                </Text>
              ) : (
                <CategoryTreeView
                  nodes={shown}
                  expanded={openNow}
                  onToggle={toggle}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  highlight={term}
                />
              )}
            </Stack>
          </Card>
        </Grid.Col>
        {/* Beside the tree the details stay in view while a long tree scrolls. */}
        <Grid.Col span={{ base: 12, md: 7 }} pos={{ base: 'static', md: 'sticky' }} top={76}>
          {selected ? (
            <CategoryDetails
              category={selected}
              path={selectedPath}
              subCategories={selectedNode?.children.map((child) => child.category) ?? []}
              canAdd={canAdd}
              canChange={canChange}
              onAddSubCategory={(category) => setDialog({ kind: 'create', parentId: category.id })}
              onEdit={(category) => setDialog({ kind: 'edit', category })}
              onEditSeo={(category) => setDialog({ kind: 'seo', category })}
            />
          ) : (
            <Card withBorder padding="xl">
              <Text c="dimmed" ta="center">
                Choose a category in the tree to see its details
                {canAdd || canChange ? ' and what can be done with it' : ''}.
              </Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Categories</Title>
        {canAdd && !onlyRoot && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={addTopLevel}
            disabled={!rows}
            // Hidden while a dialog is open so that the dialog's own 'Add Category' is the only one.
            style={{ visibility: dialog ? 'hidden' : undefined }}
          >
            Add Category
          </Button>
        )}
      </Group>
      {!canChange && <ReadOnlyNotice thing="categories" />}
      {body}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <CategoryFormDialog
          companyId={companyId}
          target={dialog}
          categories={all}
          onClose={() => setDialog(null)}
          onSaved={reveal}
        />
      )}
      {dialog?.kind === 'seo' && (
        <CategorySeoDialog
          category={all.find((category) => category.id === dialog.category.id) ?? dialog.category}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
