import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Role } from '../roles/roles.api';

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface UserFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  roleIds: string[];
  onRoleIdsChange: (value: string[]) => void;
  roles: Role[];
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function UserFilters(props: UserFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Name, e-mail or phone"
        leftSection={<IconSearch size={16} />}
        value={props.search}
        onChange={(event) => props.onSearchChange(event.currentTarget.value)}
        w={260}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={props.status}
        allowDeselect={false}
        onChange={(value) => props.onStatusChange((value as StatusFilter) ?? 'all')}
        w={140}
      />
      <MultiSelect
        label="Roles"
        placeholder={props.roleIds.length === 0 ? 'All roles' : undefined}
        data={props.roles.map((role) => ({ value: String(role.id), label: role.display_name }))}
        value={props.roleIds}
        onChange={props.onRoleIdsChange}
        searchable
        clearable
        miw={220}
        maw={420}
      />
    </Group>
  );
}
