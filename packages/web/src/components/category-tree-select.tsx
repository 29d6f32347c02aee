import { Badge, MantineThemeProvider, type TreeNodeData, TreeSelect } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import { type FocusEventHandler, useMemo, useState } from 'react';
import {
  ancestorIds,
  buildCategoryTree,
  type CategoryTreeItem,
  type CategoryTreeNode,
  withoutInactive,
} from './category-tree';
import classes from './category-tree-select.module.css';

/** The spec's tree select: it scrolls once the tree is taller than 300px. */
export const TREE_SELECT_MAX_HEIGHT = 300;
const PATH_SEPARATOR = ' › ';

/**
 * Mantine's tree select leaves its input a plain textbox; its Select marks the input as a
 * combobox with aria-expanded. This asks the combobox target of this one to do the same.
 */
const COMBOBOX_ROLE_THEME = {
  components: { ComboboxTarget: { defaultProps: { withExpandedAttribute: true } } },
};

export interface CategoryTreeSelectProps {
  /** The company's categories as the list answers them (the root included). */
  categories: readonly CategoryTreeItem[];
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  label: string;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /**
   * Leaves out inactive categories (products cannot be assigned to them). One with an active
   * category below it stays in place but cannot be chosen.
   */
  hideInactive?: boolean;
  /** Categories shown but not offered, e.g. a category and its sub-categories when moving it. */
  isDisabled?: (category: CategoryTreeItem) => boolean;
  'data-autofocus'?: boolean;
}

interface NodeInfo {
  category: CategoryTreeItem;
  disabled: boolean;
}

/** Mantine's tree data: the value is the id; the label is the path, shown in the input once chosen. */
function toTreeData(
  nodes: readonly CategoryTreeNode[],
  info: Map<string, NodeInfo>,
  isDisabled: (category: CategoryTreeItem) => boolean,
  parentPath: string | null,
): TreeNodeData[] {
  return nodes.map((node) => {
    const { category } = node;
    // The root is implied by every path, so it is left out of the others' labels.
    const path = parentPath === null ? category.name : `${parentPath}${PATH_SEPARATOR}${category.name}`;
    const disabled = isDisabled(category);
    info.set(String(category.id), { category, disabled });
    return {
      value: String(category.id),
      label: path,
      nodeProps: { disabled },
      children: toTreeData(node.children, info, isDisabled, category.is_root ? null : path),
    };
  });
}

/**
 * A single-select tree of categories: the Root Category at the top, sub-categories expandable
 * below their parents, the chosen one highlighted, searchable by name, scrolling above 300px.
 */
export function CategoryTreeSelect(props: CategoryTreeSelectProps) {
  const { categories, value, hideInactive = false, isDisabled } = props;

  const tree = useMemo(() => {
    const built = buildCategoryTree(categories);
    return hideInactive ? withoutInactive(built) : built;
  }, [categories, hideInactive]);

  const { data, info } = useMemo(() => {
    const lookup = new Map<string, NodeInfo>();
    const disabledOf = (category: CategoryTreeItem) =>
      (hideInactive && !category.is_active) || (isDisabled?.(category) ?? false);
    return { data: toTreeData(tree, lookup, disabledOf, null), info: lookup };
  }, [tree, hideInactive, isDisabled]);

  // Until the user expands or collapses something, the root and the path to the chosen
  // category are open, so the choice is visible when the list opens.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const expandedValues = useMemo(() => {
    if (expanded) return expanded;
    const open = tree.filter((node) => node.category.is_root).map((node) => String(node.category.id));
    if (value !== null) open.push(...(ancestorIds(tree, value) ?? []).map(String));
    return open;
  }, [expanded, tree, value]);

  const known = value !== null && info.has(String(value));

  return (
    <MantineThemeProvider theme={COMBOBOX_ROLE_THEME}>
      <TreeSelect
        label={props.label}
        placeholder={props.loading ? 'Loading categories…' : (props.placeholder ?? 'Choose a category')}
        description={props.description}
        error={props.error}
        withAsterisk={props.required}
        disabled={props.disabled}
        data-autofocus={props['data-autofocus']}
        data={data}
        value={known ? String(value) : null}
        onChange={(next) => props.onChange(next === null ? null : Number(next))}
        onBlur={props.onBlur}
        allowDeselect={false}
        searchable
        filter={(query, node) =>
          (info.get(node.value)?.category.name ?? '').toLowerCase().includes(query.toLowerCase().trim())
        }
        nothingFoundMessage="No category found"
        expandedValues={expandedValues}
        onExpandedChange={setExpanded}
        maxDropdownHeight={TREE_SELECT_MAX_HEIGHT}
        withLines={false}
        classNames={{ option: classes.option }}
        renderNode={({ node, expanded: isOpen, hasChildren, selected, expand }) => {
          const category = info.get(node.value)?.category;
          const name = category?.name ?? String(node.label);
          return (
            <>
              {hasChildren ? (
                // Mouse only: the keyboard opens and closes a branch with the arrow keys, and a
                // hidden chevron keeps the option's accessible name to the category's name.
                <span
                  className={classes.chevron}
                  data-expanded={isOpen || undefined}
                  title={`${isOpen ? 'Collapse' : 'Expand'} ${name}`}
                  aria-hidden
                  onClick={expand}
                  onMouseDown={(event) => event.preventDefault()}
                >
                  <IconChevronRight size={14} />
                </span>
              ) : (
                <span className={classes.spacer} />
              )}
              <span className={classes.name}>{name}</span>
              {category && !category.is_active && (
                <Badge size="xs" color="red" variant="light" radius="sm">
                  Inactive
                </Badge>
              )}
              {selected && <IconCheck size={14} aria-hidden />}
            </>
          );
        }}
      />
    </MantineThemeProvider>
  );
}
