import { Avatar, Badge, Group, Highlight, Text } from '@mantine/core';
import { IconChevronRight, IconEyeOff } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import type { CategoryTreeNode } from '../../components/category-tree';
import type { Category } from './categories.api';
import classes from './category-tree-view.module.css';

export interface CategoryTreeViewProps {
  nodes: CategoryTreeNode<Category>[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The search text, highlighted in the names. */
  highlight?: string;
}

const INDENT = 20;

function statusTexts(category: Category): string[] {
  const texts: string[] = [];
  if (!category.is_active) texts.push('Inactive');
  if (!category.is_included_in_menu && !category.is_root) texts.push('Not in menu');
  return texts;
}

/** Moves the focus between the visible items as the ARIA tree pattern describes. */
function handleTreeKeys(event: KeyboardEvent<HTMLDivElement>, props: CategoryTreeViewProps) {
  const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
  if (!item || !event.currentTarget.contains(item)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]'));
  const index = items.indexOf(item);
  const id = Number(item.dataset.id);
  const hasChildren = item.getAttribute('aria-expanded') !== null;
  const open = item.getAttribute('aria-expanded') === 'true';
  const focus = (target: HTMLElement | null | undefined) => {
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  switch (event.key) {
    case 'ArrowDown':
      focus(items[index + 1]);
      break;
    case 'ArrowUp':
      focus(items[index - 1]);
      break;
    case 'Home':
      focus(items[0]);
      break;
    case 'End':
      focus(items.at(-1));
      break;
    case 'ArrowRight':
      event.preventDefault();
      if (hasChildren && !open) props.onToggle(id);
      else if (open) focus(item.querySelector<HTMLElement>('[role="group"] > [role="treeitem"]'));
      break;
    case 'ArrowLeft':
      event.preventDefault();
      if (open) props.onToggle(id);
      else focus(item.parentElement?.closest<HTMLElement>('[role="treeitem"]'));
      break;
    case 'Enter':
    case ' ':
      event.preventDefault();
      props.onSelect(id);
      break;
  }
}

/** Whether the category is shown: every category above it is expanded. */
function isVisible(nodes: readonly CategoryTreeNode[], id: number, expanded: ReadonlySet<number>): boolean {
  return nodes.some(
    (node) =>
      node.category.id === id || (expanded.has(node.category.id) && isVisible(node.children, id, expanded)),
  );
}

function TreeItem({
  node,
  level,
  focusableId,
  props,
}: {
  node: CategoryTreeNode<Category>;
  level: number;
  focusableId: number | undefined;
  props: CategoryTreeViewProps;
}) {
  const { category, children } = node;
  const hasChildren = children.length > 0;
  const open = hasChildren && props.expanded.has(category.id);
  const selected = props.selectedId === category.id;
  const statuses = statusTexts(category);
  const statusId = `category-${category.id}-status`;

  return (
    <div
      role="treeitem"
      aria-label={category.name}
      aria-level={level}
      aria-selected={selected}
      aria-expanded={hasChildren ? open : undefined}
      aria-describedby={statuses.length > 0 ? statusId : undefined}
      data-id={category.id}
      tabIndex={category.id === focusableId ? 0 : -1}
      className={classes.item}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the treeitem around it takes the keys (arrows, Enter) */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the treeitem around it takes the keys (arrows, Enter) */}
      <div
        className={classes.row}
        data-selected={selected || undefined}
        data-inactive={!category.is_active || undefined}
        style={{ paddingInlineStart: 8 + (level - 1) * INDENT }}
        onClick={(event) => {
          props.onSelect(category.id);
          event.currentTarget.closest<HTMLElement>('[role="treeitem"]')?.focus();
        }}
      >
        {hasChildren ? (
          <span
            className={classes.chevron}
            data-expanded={open || undefined}
            title={`${open ? 'Collapse' : 'Expand'} ${category.name}`}
            aria-hidden
            onClick={(event) => {
              event.stopPropagation();
              props.onToggle(category.id);
            }}
          >
            <IconChevronRight size={16} />
          </span>
        ) : (
          <span className={classes.spacer} />
        )}
        {category.image && <Avatar src={category.image} alt="" size={24} radius="sm" />}
        <Highlight
          highlight={props.highlight ?? ''}
          className={classes.name}
          fw={category.is_root ? 600 : 500}
          c={category.is_active ? undefined : 'dimmed'}
          td={category.is_active ? undefined : 'line-through'}
          size="sm"
        >
          {category.name}
        </Highlight>
        {hasChildren && (
          <Text span size="xs" c="dimmed" aria-hidden>
            {children.length}
          </Text>
        )}
        {statuses.length > 0 && (
          <Group gap={4} wrap="nowrap" id={statusId} className={classes.badges}>
            {!category.is_active && (
              <Badge size="sm" color="red" variant="light" radius="sm">
                Inactive
              </Badge>
            )}
            {!category.is_included_in_menu && !category.is_root && (
              <Badge
                size="sm"
                color="gray"
                variant="light"
                radius="sm"
                leftSection={<IconEyeOff size={12} aria-hidden />}
              >
                Not in menu
              </Badge>
            )}
          </Group>
        )}
      </div>
      {open && (
        // biome-ignore lint/a11y/useSemanticElements: the ARIA tree pattern's group of sub-items, not a form fieldset
        <div role="group" className={classes.group}>
          {children.map((child) => (
            <TreeItem
              key={child.category.id}
              node={child}
              level={level + 1}
              focusableId={focusableId}
              props={props}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The company's categories as a tree: the root first, sub-categories under their parents,
 * inactive ones struck through with a badge. Choosing one shows it beside the tree.
 */
export function CategoryTreeView(props: CategoryTreeViewProps) {
  // One item takes the Tab stop: the chosen one while it is shown, else the first.
  const { selectedId, nodes, expanded } = props;
  const focusableId =
    selectedId !== null && isVisible(nodes, selectedId, expanded) ? selectedId : nodes[0]?.category.id;
  return (
    <div
      role="tree"
      aria-label="Categories"
      className={classes.tree}
      onKeyDown={(e) => handleTreeKeys(e, props)}
    >
      {props.nodes.map((node) => (
        <TreeItem key={node.category.id} node={node} level={1} focusableId={focusableId} props={props} />
      ))}
    </div>
  );
}
