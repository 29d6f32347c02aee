import { z } from 'zod';
import { isKnownPermission } from '../permissions.ts';
import { id, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

/** A permission's codename, as a role's list names it. */
export const permissionSchema = z
  .string({ error: 'Permission must be a string.' })
  .refine(isKnownPermission, { error: (issue) => `Unknown permission: ${String(issue.input)}` });

/** The filters of the role list. */
export const roleListFilters = z.object({ is_active: booleanParam.optional() });

export const roleOutput = z.object({
  id,
  display_name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
  company: z.object({ id, name: z.string() }).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type RoleOutput = z.infer<typeof roleOutput>;

const roleName = z
  .string({ error: 'Role name is required.' })
  .trim()
  .min(2, 'Role name should be at least 2 characters.')
  .max(64, 'Role name cannot exceed 64 characters.');

export const roleCreate = z.object({
  display_name: roleName,
  description: z.string().trim().max(500).default(''),
  permissions: z.array(permissionSchema).max(1000).default([]),
});
export const roleUpdate = z
  .object({
    display_name: roleName.optional(),
    description: z.string().trim().max(500).optional(),
    permissions: z.array(permissionSchema).max(1000).optional(),
  })
  .strict();
export const rolePermissionsChange = z.object({
  permissions: z.array(permissionSchema).min(1, 'Choose at least one permission.').max(1000),
});
