// The permission table (docs/access.md). A team role grants permissions on the team and its
// projects; organization-wide management is for owners of one of its teams and platform admins.
export const roles = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof roles)[number];

export const permissions = [
  'project:read',
  'project:write',
  'project:manage',
  'team:read',
  'team:manage_members',
  'team:manage_owners',
  'api_keys:create',
] as const;
export type Permission = (typeof permissions)[number];

export const permissionsByRole: Record<Role, readonly Permission[]> = {
  viewer: ['project:read', 'team:read'],
  member: ['project:read', 'project:write', 'team:read', 'api_keys:create'],
  admin: ['project:read', 'project:write', 'project:manage', 'team:read', 'team:manage_members', 'api_keys:create'],
  owner: ['project:read', 'project:write', 'project:manage', 'team:read', 'team:manage_members', 'team:manage_owners', 'api_keys:create'],
};

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

export function roleAllows(role: string, permission: Permission): boolean {
  return isRole(role) && permissionsByRole[role].includes(permission);
}

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}
